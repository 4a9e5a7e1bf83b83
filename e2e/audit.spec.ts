import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { createIntern, letterStamp } from './intern-card-helpers';
import { typeDate } from './imports-data';

/*
 * The audit journal «Журнал» (issue #22): an operator finds who saved and who opened a trainee's card, follows
 * the event to the card, narrows the journal to an action, and exports it.
 */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('an operator reads who saved and opened a card, narrows the journal to an action and exports it', async ({
  page,
}) => {
  const stamp = letterStamp();
  const intern = await createIntern(page, {
    PersonalInfo: [{ Id: -1, LastName: `Следова${stamp.toLowerCase()}`, FirstName: 'Анна' }],
  });
  await page.goto(`/interns/${intern.Id}`);
  await expect(page.getByText(`Следова${stamp.toLowerCase()}`).first()).toBeVisible();

  await page.getByRole('link', { name: 'Журнал', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Журнал', exact: true })).toBeVisible();
  const object = `Стажёр №${intern.Id}`;
  // Newest first: the card opened, then its save with the protocol it wrote.
  const opened = page
    .getByRole('row')
    .filter({ hasText: 'Просмотр карточки стажёра' })
    .filter({ hasText: object });
  const saved = page
    .getByRole('row')
    .filter({ hasText: 'Сохранение карточки стажёра' })
    .filter({ hasText: object });
  await expect(opened.first()).toContainText('Администратор');
  await expect(saved.first()).toContainText('Протокол № 1-П от 2026.01.10');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('combobox', { name: 'Действие' }).click();
  await page.getByRole('option', { name: 'Сохранение карточки стажёра' }).click();
  await expect(saved.first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Просмотр карточки стажёра' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Выгрузить' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Журнал .*\.xlsx$/);
  const file = await readFile(await download.path());
  // An .xlsx is a zip archive.
  expect(file.subarray(0, 2).toString('latin1')).toBe('PK');

  await saved.first().getByRole('link', { name: object }).click();
  await expect(page).toHaveURL(new RegExp(`/interns/${intern.Id}$`));
});

test('a period with no events says so', async ({ page }) => {
  await page.goto('/audit');
  const period = page.getByRole('group', { name: 'Период' });
  await typeDate(period.getByRole('group', { name: /^С/ }), '2000-01-01');
  await typeDate(period.getByRole('group', { name: /^По/ }), '2000-01-31');
  await expect(page.getByText('Записей, подходящих под отбор, нет')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Показать ещё' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
