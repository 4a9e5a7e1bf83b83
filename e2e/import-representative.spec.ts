import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost, loginAsAdmin } from './fixtures';
import { fullName, personOf, rowOf, saveTrainee, uploadRows, waitingRowIds } from './import-review-data';
import { createRepresentative, createSro, runLetters } from './imports-data';

/*
 * What an SRO's representative sees of its import: its rows, their states and the reasons, never how the
 * register matched them (a row found by full name tells that a person of that name and birth date is in it).
 */

/** What the operators' page says of a row's match, and of the filter by it. */
const matchingTexts = [/Найден по/, /Новый стажёр/, /Совпадени/, /По ФИО/, /По СНИЛС/, /С конфликтами/];

test('a representative sees its rows, their states and reasons, and not the register’s matching', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page);
  const stamp = runLetters();
  const sro = await createSro(page, `СРО «Земельный союз ${stamp}»`, 640);
  const clerk = await createRepresentative(page, sro.Id, `clerk-view-${Date.now().toString(36)}@example.org`);
  // The change file's sample row says its trainee was born on 1995-04-12.
  const namesake = personOf(`Тёзкина${stamp} Анна Петровна`, null);
  await saveTrainee(page, namesake, { DateOfBirth: '1995-04-12' });
  const known = personOf(`Снилсова${stamp} Вера Олеговна`);
  await saveTrainee(page, known);
  const rows = [personOf(fullName(namesake)), known, personOf(`Отказова${stamp} Дина Львовна`)];
  const importId = await uploadRows(
    page,
    sro.Id,
    rows.map((person, index) => rowOf(person, `${stamp}-${index + 1}`)),
  );
  const changeIds = await waitingRowIds(page, importId);
  await apiPost(page, `/api/v1/imports/${importId}/changes/${changeIds[2]}/reject`, {
    reason: 'Нет подписи',
  });

  // The operator sees how each waiting row meets the register.
  await page.goto(`/imports/${importId}`);
  await expect(page.getByRole('row').filter({ hasText: fullName(rows[0]!) })).toContainText('Найден по ФИО');
  await expect(page.getByRole('row').filter({ hasText: fullName(known) })).toContainText('Найден по СНИЛС');

  // The representative, in a browser of their own, opens the same import.
  const context = await browser.newContext();
  const clerkPage = await context.newPage();
  await apiPost(clerkPage, '/api/v1/account/login', { Id: clerk.login, Password: clerk.password });
  const answers: string[] = [];
  clerkPage.on('response', (response) => {
    if (response.url().includes('/api/v1/imports')) void response.text().then((body) => answers.push(body));
  });
  for (const url of [`/imports/${importId}`, `/imports/${importId}?match=fullName`]) {
    await clerkPage.goto(url);
    await expect(clerkPage.getByRole('heading', { level: 1, name: sro.Name })).toBeVisible();
    await expect(clerkPage.getByText('Обработано 1 из 3')).toBeVisible();
    for (const person of rows) {
      await expect(clerkPage.getByRole('row').filter({ hasText: fullName(person) })).toBeVisible();
    }
    await expect(clerkPage.getByRole('row').filter({ hasText: fullName(rows[2]!) })).toContainText(
      'Нет подписи',
    );
    for (const text of matchingTexts) await expect(clerkPage.getByText(text)).toHaveCount(0);
    await expect(clerkPage.getByRole('dialog')).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(clerkPage);
  // Nor does any answer the page was given carry the matching.
  expect(answers.length).toBeGreaterThan(0);
  expect(
    answers.filter((body) => /"(Match|HasConflict|MatchCounts|InternId|InternFullName)"/.test(body)),
  ).toEqual([]);
  await context.close();
});
