import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import {
  fullName,
  personOf,
  rowOf,
  saveTrainee,
  uploadRows,
  waitingRowIds,
  type Person,
} from './import-review-data';
import { createSro, runLetters } from './imports-data';
import { secondOperator } from './second-operator';

/*
 * Several operators on one import, and the way from row to row (docs/row-review.md «Несколько операторов и
 * следующая запись»): each operator is handed a different row, another's row is read-only until 'Забрать',
 * a lost race is said on the screen and the screen moves on, the next row opens by itself after a decision.
 */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

/** An import of `count` clean rows, each matched by SNILS to a trainee of the register. */
async function cleanImport(page: Page, count: number) {
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Союз очереди ${stamp}»`, 880);
  const people = [...'абвгд'.slice(0, count)].map((letter) =>
    personOf(`Очередин${stamp}${letter} Анна Игоревна`),
  );
  for (const person of people) await saveTrainee(page, person);
  const importId = await uploadRows(
    page,
    sro.Id,
    people.map((person, index) => rowOf(person, `О-${stamp}-${index + 1}`)),
  );
  return { importId, people, rowIds: await waitingRowIds(page, importId) };
}

const heading = (page: Page, person: Person) =>
  page.getByRole('heading', { level: 1, name: fullName(person) });

test('two operators get different rows; another’s row is read-only until «Забрать»; a lost race moves on', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { importId, people, rowIds } = await cleanImport(page, 3);
  const { other, name, context } = await secondOperator(page, browser);
  const me = ((await (await page.request.get('/api/v1/account')).json()) as { FullName: string | null })
    .FullName;

  // 'Начать обработку' hands each of them a row of their own.
  await page.goto(`/imports/${importId}`);
  await page.getByRole('link', { name: 'Начать обработку' }).click();
  await expect(heading(page, people[0]!)).toBeVisible();
  await other.goto(`/imports/${importId}`);
  await other.getByRole('link', { name: 'Начать обработку' }).click();
  await expect(heading(other, people[1]!)).toBeVisible();

  // The first operator's row opens for the second read-only, saying whose it is, until they take it.
  await other.goto(`/imports/${importId}/process/${rowIds[0]}`);
  await expect(heading(other, people[0]!)).toBeVisible();
  const claimed = other.getByRole('alert').filter({ hasText: 'Обрабатывает' });
  await expect(claimed).toContainText(new RegExp(`Обрабатывает ${me ?? ''}.* до \\d\\d:\\d\\d МСК`));
  await expect(other.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(other);
  await claimed.getByRole('button', { name: 'Забрать' }).click();
  await expect(claimed).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Сохранить' })).toBeEnabled();

  // The first, not knowing, saves: no error dialog; the screen says who holds the row and moves on.
  await page.keyboard.press('Control+Enter');
  await expect(heading(page, people[1]!)).toBeVisible();
  // Row 2 of the file: its first is the header.
  await expect(page.getByRole('status').filter({ hasText: 'Строка 2' })).toContainText(
    new RegExp(
      `^Строка 2: Эту запись сейчас обрабатывает ${name} \\(до .* МСК\\)\\. Открыта следующая свободная запись\\.$`,
    ),
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The second saves the row they took; the first, rejecting it too late, is told who handled it.
  await other.getByRole('button', { name: 'Сохранить' }).click();
  await expect(other.getByRole('alert').filter({ hasText: 'Внесено в реестр' })).toBeVisible();
  await page.goto(`/imports/${importId}/process/${rowIds[0]}`);
  await expect(page.getByText('Запись уже внесена в реестр')).toBeVisible();
  await context.close();
});

test('after a save the next row opens by itself, «Отменить» brings the row back, Alt+N goes on in file order', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const { importId, people, rowIds } = await cleanImport(page, 3);
  const reviewReads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/v1\/imports\/\d+\/changes\/\d+(\?|$)/.test(request.url()))
      reviewReads.push(request.url());
  });
  await page.goto(`/imports/${importId}`);
  await page.getByRole('link', { name: 'Начать обработку' }).click();
  await expect(heading(page, people[0]!)).toBeFocused();

  // At 1366 px the review fits the width: nothing scrolls sideways.
  const fits = () =>
    page.evaluate(() => {
      const root = document.scrollingElement!;
      return root.scrollWidth <= root.clientWidth;
    });
  expect(await fits()).toBe(true);

  // Alt+N: the next row in file order, wrapping round at the end.
  for (const person of [people[1]!, people[2]!, people[0]!]) {
    await page.keyboard.press('Alt+KeyN');
    await expect(heading(page, person)).toBeFocused();
  }

  // Ctrl+Enter saves the clean row and opens the next one, confirming the save with 'Отменить'.
  await page.keyboard.press('Control+Enter');
  await expect(heading(page, people[1]!)).toBeFocused();
  const done = page.getByRole('alert').filter({ hasText: `Внесено в реестр: ${fullName(people[0]!)}` });
  await expect(done).toBeVisible();
  expect(await fits()).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await done.getByRole('button', { name: 'Отменить' }).click();
  await expect(heading(page, people[0]!)).toBeVisible();
  await expect(page).toHaveURL(`/imports/${importId}/process/${rowIds[0]}`);
  await expect(page.getByText('обработка записи [ 1 / 3 ]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeEnabled();

  // Each row's review was read once per opening: the four by Alt+N and 'Начать', the save's next, the undo.
  expect(reviewReads).toHaveLength(6);
});
