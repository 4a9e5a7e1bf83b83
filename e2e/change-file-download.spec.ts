import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousA11yViolations } from './a11y';
import { apiPost, loginAsAdmin } from './fixtures';
import { personOf, saveTrainee } from './import-review-data';
import { createRepresentative, createSro, runLetters } from './imports-data';

/*
 * 'Скачать файл для изменений' (issue #36): the change file already filled with an SRO's trainees, which the
 * SRO edits and uploads back. A representative takes its own SRO's from the import list; an operator chooses
 * the SRO in a dialog.
 */

const buttonName = 'Скачать файл для изменений';

/** The first load of the list on a busy two-core machine: the lazy screen's code, then its data. */
const firstLoad = { timeout: 30_000 };

/** The downloaded workbook's sheet «Данные», each row as the texts of its cells. */
async function dataRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer, which a Buffer is not; a copy's buffer holds just these bytes.
  await workbook.xlsx.load(new Uint8Array(await readFile(await download.path())).buffer);
  const sheet = workbook.getWorksheet('Данные');
  expect(sheet, 'the file has the sheet «Данные»').toBeDefined();
  const rows: string[][] = [];
  sheet!.eachRow((row) => {
    const texts: string[] = [];
    row.eachCell((cell) => texts.push(cell.text));
    rows.push(texts);
  });
  return rows;
}

/** An .xlsx whose header row has «Номер в реестре», and a row below it with the trainee's last name. */
async function expectChangeFileOf(download: Download, lastName: string) {
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const rows = await dataRows(download);
  const header = rows.findIndex((row) => row.some((text) => text.includes('Номер в реестре')));
  expect(header, `no header row with «Номер в реестре» in ${JSON.stringify(rows.slice(0, 3))}`).not.toBe(-1);
  expect(rows.slice(header + 1).some((row) => row.includes(lastName))).toBe(true);
}

/** A new SRO with a trainee whose internship is in it; the trainee's last name is the run's own. */
async function sroWithTrainee(page: Page) {
  const stamp = runLetters();
  const sro = await createSro(page, `СРО «Союз правок ${stamp}»`, 720);
  const trainee = personOf(`Правкина${stamp.toLowerCase()} Алла Сергеевна`);
  await saveTrainee(
    page,
    trainee,
    {},
    { Internships: [{ Id: -2, Organization: { Id: sro.Id, Name: '' }, RegistryNumber: `П${stamp}-1` }] },
  );
  return { sro, trainee };
}

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page);
});

test('a representative downloads its own SRO’s change file from the import list', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { sro, trainee } = await sroWithTrainee(page);
  const clerk = await createRepresentative(page, sro.Id, `clerk-file-${Date.now().toString(36)}@example.org`);

  const context = await browser.newContext();
  const clerkPage = await context.newPage();
  await apiPost(clerkPage, '/api/v1/account/login', { Id: clerk.login, Password: clerk.password });
  await clerkPage.goto('/imports/');
  const button = clerkPage.getByRole('button', { name: buttonName });
  await expect(button).toBeVisible(firstLoad);
  await expect(button).toHaveAccessibleDescription(
    'Файл с вашими стажёрами: измените нужные ячейки и загрузите его обратно',
  );
  await expectNoSeriousA11yViolations(clerkPage);

  const downloading = clerkPage.waitForEvent('download');
  await button.click();
  await expectChangeFileOf(await downloading, trainee.lastName);
  await expect(clerkPage.getByRole('alert')).toHaveCount(0);
  await context.close();
});

test('an operator chooses the SRO in a dialog and downloads its change file', async ({ page }) => {
  const { sro, trainee } = await sroWithTrainee(page);
  await page.goto('/imports/');
  await page.getByRole('button', { name: buttonName }).click(firstLoad);
  const dialog = page.getByRole('dialog', { name: 'Файл для изменений' });
  await dialog.getByRole('combobox', { name: /^СРО/ }).fill(sro.Name.slice(5));
  await page.getByRole('option', { name: sro.Name }).click();
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Скачать' }).click();
  await expectChangeFileOf(await downloading, trainee.lastName);
  await expect(dialog).toBeHidden();
});
