import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost, loginAsAdmin } from './fixtures';
import { fullName, personOf, rowOf, saveTrainee, uploadRows, waitingRowIds } from './import-review-data';
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
  return { sro, importId, changeIds: await waitingRowIds(page, importId) };
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

test("an import's rows filter by state and match, under its progress", async ({ page }) => {
  await loginAsAdmin(page);
  const stamp = runLetters();
  const bySnils = personOf(`Снилсова${stamp} Анна Петровна`);
  const byName = personOf(`Именова${stamp} Бэлла Юрьевна`, null);
  const fresh = personOf(`Новикова${stamp} Вера Олеговна`);
  await saveTrainee(page, bySnils);
  // The change file's sample row says the trainee was born on 1995-04-12.
  await saveTrainee(page, byName, { DateOfBirth: '1995-04-12' });
  const rows = [bySnils, personOf(fullName(byName)), fresh];
  const { importId, changeIds } = await importOf(page, rows);
  await apiPost(page, `/api/v1/imports/${importId}/changes/${changeIds[2]}/reject`, { reason: 'Дубликат' });
  await apiPost(page, `/api/v1/imports/${importId}/changes/${changeIds[1]}/claim`, {});

  await page.goto(`/imports/${importId}`);
  await expect(page.getByText('Обработано 1 из 3')).toBeVisible();
  const link = (person: (typeof rows)[number]) =>
    page.getByRole('link', { name: fullName(person), exact: true });
  await expect(link(bySnils)).toBeVisible();
  await expect(link(fresh)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'По СНИЛС (1)' }).click();
  await expect(link(bySnils)).toBeVisible();
  await expect(link(rows[1]!)).toHaveCount(0);
  await expect(page).toHaveURL(/match=snils/);
  await page.getByRole('button', { name: 'По ФИО (1)' }).click();
  await expect(link(rows[1]!)).toBeVisible();
  await expect(link(bySnils)).toHaveCount(0);
  await page.getByRole('button', { name: 'По ФИО (1)' }).click();

  await page.getByRole('button', { name: 'В работе (1)' }).click();
  await expect(link(rows[1]!)).toBeVisible();
  await expect(link(bySnils)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Отклонённые записи' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Отклонены (1)' }).click();
  await expect(link(fresh)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Записи, ожидающие обработки' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('times name the Moscow zone to a viewer in another zone, and only to them', async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page);
  const { sro, importId } = await importOf(page, [personOf('Временова Зоя Павловна')]);
  const uploaded = page.getByText(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}, /);
  await page.goto(`/imports/${importId}`);
  await expect(uploaded).toBeVisible();
  await expect(uploaded).not.toContainText('МСК');

  const context = await browser.newContext({ timezoneId: 'Asia/Novosibirsk' });
  const far = await context.newPage();
  await loginAsAdmin(far);
  await far.goto(`/imports/${importId}`);
  await expect(far.getByText(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2} МСК, /)).toBeVisible();
  await far.goto('/imports/');
  await expect(far.getByRole('row').filter({ hasText: sro.Name })).toContainText(
    /Загружен \S+ \d{2}:\d{2} МСК/,
  );
  await expectNoSeriousA11yViolations(far);
  await context.close();
});
