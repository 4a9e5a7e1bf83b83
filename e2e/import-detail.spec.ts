import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost, loginAsAdmin } from './fixtures';
import { fullName, personOf, rowOf, uploadRows } from './import-review-data';
import { createSro, runLetters } from './imports-data';

/*
 * The import list and an import's page beyond the row review: reaching an import from the keyboard, who is
 * working on a row, the rows' filters and progress, and times that name their zone.
 */

/** An SRO of the test with an import of the given people's rows; the import's Id and its rows' Ids. */
async function importOf(page: Page, people: ReturnType<typeof personOf>[], from = 700) {
  const stamp = runLetters();
  const sro = await createSro(page, `СРО «Межевой союз ${stamp}»`, from);
  const importId = await uploadRows(
    page,
    sro.Id,
    people.map((person, index) => rowOf(person, `${stamp}-${index + 1}`)),
  );
  const detail = (await (await page.request.get(`/api/v1/imports/${importId}`)).json()) as {
    Pending: { Id: number }[];
  };
  return { sro, importId, changeIds: detail.Pending.map((row) => row.Id) };
}

test('the import list opens an import from the keyboard alone', async ({ page }) => {
  await loginAsAdmin(page);
  const { sro, importId } = await importOf(page, [personOf('Клавишина Ольга Петровна')]);
  await page.goto('/imports/');
  const link = page.getByRole('row').filter({ hasText: sro.Name }).getByRole('link', { name: sro.Name });
  await expect(link).toBeVisible();

  // From the tabs of the list, Tab walks the rows' links until it reaches the import's.
  await page.getByRole('tab', { name: 'Все' }).focus();
  for (
    let presses = 0;
    presses < 30 && !(await link.evaluate((node) => node === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/imports/${importId}`);
  await expect(page.getByRole('heading', { level: 1, name: sro.Name })).toBeVisible();
});

test('a row an operator works on names them in the import', async ({ page }) => {
  await loginAsAdmin(page);
  const people = [personOf('Занятова Анна Ильинична'), personOf('Свободина Вера Олеговна')];
  const { importId, changeIds } = await importOf(page, people);
  await apiPost(page, `/api/v1/imports/${importId}/changes/${changeIds[0]}/claim`, {});
  const account = (await (await page.request.get('/api/v1/account')).json()) as { FullName: string };

  await page.goto(`/imports/${importId}`);
  const claimed = page.getByRole('row').filter({ hasText: fullName(people[0]!) });
  await expect(claimed).toContainText(`Обрабатывает ${account.FullName}`);
  const free = page.getByRole('row').filter({ hasText: fullName(people[1]!) });
  await expect(free).toBeVisible();
  await expect(free).not.toContainText('Обрабатывает');
  await expectNoSeriousA11yViolations(page);
});
