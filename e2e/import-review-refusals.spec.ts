import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { loginAsAdmin } from './fixtures';
import { fullName, personOf, rowOf, saveTrainee, uploadRows, waitingRowIds } from './import-review-data';
import { createSro, runLetters } from './imports-data';

/*
 * The register's refusals before the click (docs/row-review.md «The register's two keys»): a row whose SNILS
 * or internship number another trainee holds says so on the row, naming and linking the holder, and
 * 'Сохранить' waits with the reason beside it, instead of an error dialog after the click.
 */

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

// A row's page loaded afresh, its screens' code with it, takes longer than a step on a busy machine.
const firstLoad = { timeout: 30_000 };

const newRecordLine = /будут внесены в реестр отдельной записью/;

/** 'Сохранить', disabled, described by the reason beside it. */
async function expectSaveRefused(page: Page, reason: string) {
  const save = page.getByRole('button', { name: 'Сохранить' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(reason);
  await expect(page.getByText(reason, { exact: true })).toBeVisible();
}

test('a row the register would refuse says why and whose, and «Сохранить» waits', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = runLetters().toLowerCase();
  const sro = await createSro(page, `СРО «Союз ключей ${stamp}»`, 880);
  const holder = personOf(`Ключева${stamp} Анна Игоревна`);
  const number = `К${stamp}-1`;
  const holderId = await saveTrainee(
    page,
    holder,
    {},
    { Internships: [{ Id: -2, Organization: { Id: sro.Id, Name: '' }, RegistryNumber: number }] },
  );
  // The holder's SNILS under another name; a stranger with the holder's number, written in lower case.
  const sameSnils = personOf(`Другова${stamp} Вера Петровна`, holder.snils);
  const sameNumber = personOf(`Номерова${stamp} Ольга Ильинична`);
  const importId = await uploadRows(page, sro.Id, [
    rowOf(sameSnils, `К${stamp}-2`),
    rowOf(sameNumber, number.toLowerCase()),
  ]);
  const rowIds = await waitingRowIds(page, importId);

  // Matched by SNILS, the row is about the holder: nothing is refused, and it is no new trainee.
  await page.goto(`/imports/${importId}/process/${rowIds[0]}`);
  await expect(page.getByRole('heading', { level: 1, name: fullName(holder) })).toBeVisible(firstLoad);
  await expect(page.getByText(newRecordLine)).toHaveCount(0);
  await expect(page.getByText(/СНИЛС из файла уже принадлежит/)).toHaveCount(0);

  // 'Как новый' would give the SNILS to a second trainee: the row says whose it is, and saving waits.
  await page.getByRole('link', { name: 'Как новый' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible();
  const snilsAlert = page.getByRole('alert').filter({ hasText: 'СНИЛС из файла уже принадлежит стажёру' });
  await expect(snilsAlert).toContainText(`СНИЛС из файла уже принадлежит стажёру ${fullName(holder)}`);
  await expect(snilsAlert.getByRole('link', { name: fullName(holder) })).toHaveAttribute(
    'href',
    `/interns/${holderId}`,
  );
  await expect(page.getByText(newRecordLine)).toHaveCount(0);
  await expectSaveRefused(
    page,
    `Запись не сохранить: СНИЛС из файла уже принадлежит стажёру ${fullName(holder)}.`,
  );
  // Ctrl+Enter does not send it either: no error dialog, the row stays.
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Another trainee holds the row's number in the SRO, whatever its case: the same before the click.
  await page.goto(`/imports/${importId}/process/${rowIds[1]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Внесение нового стажёра' })).toBeVisible(
    firstLoad,
  );
  const numberAlert = page
    .getByRole('alert')
    .filter({ hasText: 'Регистрационный номер стажировки из файла' });
  await expect(numberAlert.getByRole('link', { name: fullName(holder) })).toHaveAttribute(
    'href',
    `/interns/${holderId}`,
  );
  await expectSaveRefused(
    page,
    `Запись не сохранить: регистрационный номер стажировки из файла уже принадлежит стажёру ${fullName(holder)}.`,
  );
  await expectNoSeriousA11yViolations(page);
});
