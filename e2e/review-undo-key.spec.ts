import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './fixtures';
import { fullName, personOf, rowOf, saveTrainee, uploadRows, waitingRowIds } from './import-review-data';
import { createSro, runLetters } from './imports-data';

/*
 * The confirmation after a decision offers 'Отменить' for 8 seconds, thirteen Tabs away: Ctrl+Z takes it, the
 * key legend says so, and the final dialog's own 'Отменить' never shows beside the previous row's (issue #34).
 */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

/** The first load of a screen on a busy two-core machine: a lazy screen's code, then its data. */
const firstLoad = { timeout: 30_000 };

test('Ctrl+Z undoes the decision just confirmed, and the final dialog’s «Отменить» stands alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Союз отмены клавишей ${stamp}»`, 880);
  const people = [personOf(`Клавишин${stamp} Олег Ильич`), personOf(`Отменов${stamp} Павел Ильич`)];
  for (const person of people) await saveTrainee(page, person);
  const importId = await uploadRows(
    page,
    sro.Id,
    people.map((person, index) => rowOf(person, `КЗ-${stamp}-${index + 1}`)),
  );
  const [firstRow] = (await waitingRowIds(page, importId)) as [number, number];
  const [first, second] = people as [(typeof people)[0], (typeof people)[0]];
  const heading = (person: typeof first) => page.getByRole('heading', { level: 1, name: fullName(person) });

  await page.goto(`/imports/${importId}/process/${firstRow}`);
  await expect(heading(first)).toBeFocused(firstLoad);
  // The legend names the key, beside the others that work.
  const legend = page.getByRole('complementary', { name: 'Клавиши' });
  await expect(legend.getByText('Ctrl+Z', { exact: true })).toBeVisible();
  await expect(legend.getByText(/^отменить решение по предыдущей записи/)).toBeVisible();
  await expect(legend).not.toContainText('в окне успеха');

  // Saved: the next row opens with the confirmation; Ctrl+Z brings the first row back, still waiting.
  await page.keyboard.press('Control+Enter');
  await expect(heading(second)).toBeFocused();
  const confirmation = page.getByRole('alert').filter({ hasText: 'Внесено в реестр' });
  await expect(confirmation).toContainText(fullName(first));
  await expect(confirmation.getByRole('button', { name: 'Отменить' })).toHaveAttribute(
    'aria-keyshortcuts',
    'Control+Z',
  );
  await page.keyboard.press('Control+z');
  await expect(heading(first)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/imports/${importId}/process/${firstRow}$`));
  expect(await waitingRowIds(page, importId)).toHaveLength(2);

  // Both saved: the final dialog's 'Отменить' is the only one on the screen, the last row's.
  await heading(first).focus();
  await page.keyboard.press('Control+Enter');
  await expect(heading(second)).toBeFocused();
  await expect(confirmation).toBeVisible();
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Изменения успешно внесены' });
  await expect(dialog).toContainText(fullName(second));
  // The screen under a dialog is hidden from assistive technology, not from the eye: counted all the same.
  const undoButtons = page.getByRole('button', { name: 'Отменить', exact: true, includeHidden: true });
  await expect(undoButtons).toHaveCount(1);
  await expect(
    page.getByRole('alert', { includeHidden: true }).filter({ hasText: 'Внесено в реестр' }),
  ).toHaveCount(0);
});
