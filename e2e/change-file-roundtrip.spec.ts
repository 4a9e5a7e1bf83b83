import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatDate } from '../packages/shared/src/format/dates';
import { expectNoSeriousA11yViolations } from './a11y';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../packages/shared/src/http';
import { apiPost, loginAsAdmin } from './fixtures';
import { fullName, personOf, saveTrainee } from './import-review-data';
import { createRepresentative, createSro, runLetters, tinyPdf, typeDate } from './imports-data';

/*
 * The pre-filled change file's round trip (issue #36): an SRO downloads its trainees, changes two cells of
 * one trainee's row and uploads the file back. The operator is left one row to review, showing those two
 * changes and nothing else; the others are folded away as «Без изменений».
 */

/** The first load of a lazy screen on a busy two-core machine: its code, then its data. */
const firstLoad = { timeout: 30_000 };

const phones = ['+7 900 000-00-01', '+7 900 000-00-02', '+7 900 000-00-03'];
const newPhone = '+7 900 111-22-33';
const stepOneStart = '2025-02-11';
const stepOneEnd = '2025-03-11';

/** The SRO's three trainees, each with a phone, an internship in it and a first stage begun; their Ids. */
async function sroWithTrainees(page: Page) {
  const stamp = runLetters();
  const sro = await createSro(page, `СРО «Союз возврата ${stamp}»`, 740);
  const people = ['Анна', 'Вера', 'Дина'].map((name) =>
    personOf(`Обратнова${stamp.toLowerCase()} ${name} Ивановна`),
  );
  const ids: number[] = [];
  for (const [index, person] of people.entries()) {
    ids.push(
      await saveTrainee(
        page,
        person,
        { Contacts: { PhoneNumber: phones[index] } },
        {
          Internships: [
            { Id: -2, Organization: { Id: sro.Id, Name: '' }, RegistryNumber: `В${stamp}-${index + 1}` },
          ],
          InternshipSteps: [{ Id: -3, Step1: { StartedAt: stepOneStart } }],
        },
      ),
    );
  }
  return { sro, people, ids };
}

/** As the operator: the SRO with its three trainees, and a representative of it to sign in as. */
async function sroWithClerk(page: Page, login: string) {
  await loginAsAdmin(page);
  const trainees = await sroWithTrainees(page);
  const email = `${login}-${Date.now().toString(36)}@example.org`;
  return { ...trainees, clerk: await createRepresentative(page, trainees.sro.Id, email) };
}

/**
 * The downloaded file with cells of the trainee's row changed, by header, as the SRO edits it in a spreadsheet:
 * the row is the one «Номер в реестре» keys with the trainee's Id.
 */
async function edited(download: Download, internId: number, cells: Record<string, ExcelJS.CellValue>) {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer, which a Buffer is not; a copy's buffer holds just these bytes.
  await workbook.xlsx.load(new Uint8Array(await readFile(await download.path())).buffer);
  const sheet = workbook.getWorksheet('Данные')!;
  // The headers' row is the one under the groups' titles, with «Телефон» in it; required ones end in ' *'.
  const columns = new Map<string, number>();
  let rowOfIntern: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    const texts = (row.values as ExcelJS.CellValue[]).map((value) => String(value ?? ''));
    if (texts.includes('Телефон'))
      texts.forEach((text, column) => columns.set(text.replace(/ \*$/, ''), column));
    if (row.getCell(1).value === internId) rowOfIntern = row;
  });
  expect(rowOfIntern, `no row keyed by ${internId}`).toBeDefined();
  for (const [header, value] of Object.entries(cells)) {
    const column = columns.get(header);
    expect(column, `no column «${header}»`).toBeDefined();
    rowOfIntern!.getCell(column!).value = value;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The representative's upload through the dialog, with its protocol, cover letter and outgoing requisites. */
async function uploadThroughDialog(page: Page, file: Buffer) {
  await page.getByRole('button', { name: 'Загрузить файл' }).click();
  const dialog = page.getByRole('dialog', { name: 'Загрузка файла с изменениями' });
  await dialog.getByLabel('Файл с изменениями (.xls, .xlsx)').setInputFiles({
    name: 'файл для изменений.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  for (const [label, name] of [
    ['Протокол (.pdf)', 'протокол.pdf'],
    ['Сопроводительное письмо (.pdf)', 'письмо.pdf'],
  ] as const) {
    await dialog.getByLabel(label).setInputFiles({ name, mimeType: 'application/pdf', buffer: tinyPdf });
  }
  await dialog.getByRole('textbox', { name: /^Исходящий номер/ }).fill('21-и');
  await typeDate(dialog.getByRole('group', { name: /^Исходящая дата/ }), '2026-11-24');
  await dialog.getByRole('button', { name: 'Загрузить', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'файл для изменений.xlsx' })).toBeVisible();
}

/** The review's sections in its menu's order, and the one field the edited cells change in each. */
const reviewSections = [
  { title: 'Персональные данные', field: { label: 'Телефон', was: phones[1]!, value: newPhone } },
  { title: 'Руководитель стажировки', field: null },
  { title: 'Стажировка', field: null },
  {
    title: 'Этапы стажировки',
    field: { label: 'Этап 1: дата окончания', was: '—', value: formatDate(stepOneEnd) },
  },
];

/** The fields the open review marks as changed, by the radio that takes the file's value: only they have one. */
function changedFields(place: Page | Locator) {
  return place.getByRole('radio', { name: /: принять значение из файла «/ });
}

/**
 * The representative, in a browser of their own, downloads the SRO's file, edits the trainee's row and sends it
 * back; `meanwhile` runs between the download and the upload.
 */
async function sendBack(
  browser: Browser,
  clerk: { login: string; password: string },
  internId: number,
  cells: Record<string, ExcelJS.CellValue>,
  meanwhile: () => Promise<void> = async () => {},
) {
  const context = await browser.newContext();
  const clerkPage = await context.newPage();
  await apiPost(clerkPage, '/api/v1/account/login', { Id: clerk.login, Password: clerk.password });
  await clerkPage.goto('/imports/');
  const downloading = clerkPage.waitForEvent('download');
  await clerkPage.getByRole('button', { name: 'Скачать файл для изменений' }).click(firstLoad);
  const file = await edited(await downloading, internId, cells);
  await meanwhile();
  await uploadThroughDialog(clerkPage, file);
  await context.close();
}

/** The operator opens the SRO's import from the list, one row to review and two «Без изменений»; its URL. */
async function openImport(page: Page, sroName: string) {
  await page.goto('/imports/');
  await page
    .getByRole('row')
    .filter({ hasText: sroName })
    .getByRole('link', { name: sroName })
    .click(firstLoad);
  await expect(page.getByRole('heading', { level: 1, name: sroName })).toBeVisible();
  await expect(page.getByText('Обработано 0 из 1, без изменений — 2 строки')).toBeVisible();
  return page.url();
}

test('an SRO sends back its change file with two cells edited: one row to review, the rest «Без изменений»', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { sro, people, ids, clerk } = await sroWithClerk(page, 'clerk-back');
  const edit = people[1]!;
  const untouched = [0, 2].map((index) => ({ person: people[index]!, id: ids[index]! }));

  await sendBack(browser, clerk, ids[1]!, {
    'Этап 1: дата окончания': new Date(`${stepOneEnd}T00:00:00Z`),
    Телефон: newPhone,
  });

  // The operator finds one row to review and the other two folded into a line.
  const importUrl = await openImport(page, sro.Name);
  await expect(page.getByRole('table')).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').filter({ hasText: fullName(edit) })).toBeVisible();
  await expect(page.getByText('Без изменений: 2 строки', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // «Показать» lists them under their own filter, each «Без изменений» and naming its trainee.
  await page.getByRole('button', { name: 'Показать', exact: true }).click();
  await expect(page).toHaveURL(`${importUrl}?state=unchanged`);
  await expect(page.getByRole('heading', { name: 'Записи без изменений' })).toBeVisible();
  const unchangedRows = page.getByRole('row').filter({ hasText: 'Без изменений' });
  await expect(unchangedRows).toHaveCount(2);
  for (const { person, id } of untouched) {
    const row = unchangedRows.filter({ hasText: fullName(person) });
    await expect(row).toHaveCount(1);
    await expect(row.locator(`a[href="/interns/${id}"]`)).toBeVisible();
  }
  await expect(page.getByRole('row').filter({ hasText: fullName(edit) })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The waiting row's review marks the two cells changed, and nothing else.
  await page.goto(importUrl);
  await page.getByRole('link', { name: fullName(edit) }).click();
  await expect(page.getByRole('heading', { level: 1, name: fullName(edit) })).toBeVisible();
  // The summary, shown and said to a screen reader: two fields in two sections.
  await expect(page.getByRole('status').filter({ hasText: 'Изменено полей' })).toHaveText(
    'Изменено полей: 2 в разделах: Персональные данные, Этапы стажировки',
  );
  // Each section is marked in the menu; the changed fields are those the operator picks a value of.
  const menu = page.getByRole('navigation', { name: 'Разделы записи' });
  for (const { title, field } of reviewSections) {
    await menu.getByRole('button', { name: new RegExp(`${title}$`) }).click();
    const section = page.getByRole('region', { name: title, exact: true });
    await expect(section.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    await expect(
      menu.getByRole('button', { name: `${field ? 'есть изменения' : 'без изменений'} ${title}` }),
    ).toBeVisible();
    await expect(changedFields(section)).toHaveCount(field ? 1 : 0);
    if (!field) continue;
    await expect(
      section.getByRole('radio', { name: `${field.label}: принять значение из файла «${field.value}»` }),
    ).toBeVisible();
    const row = section
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: field.label, exact: true }) });
    await expect(row.getByRole('cell').first()).toHaveText(field.was);
  }
  await expectNoSeriousA11yViolations(page);
});

/** Saves the trainee's phone through the API, as an operator changing the card after the SRO's download. */
async function savePhone(page: Page, internId: number, phone: string) {
  const card = (await (await page.request.get(`/api/v1/interns/${internId}`)).json()) as {
    PersonalInfo: { Contacts: Record<string, unknown> }[];
  } & Record<string, unknown>;
  const [person] = card.PersonalInfo;
  const response = await page.request.put(`/api/v1/interns/${internId}`, {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    data: {
      IsCorrecting: false,
      Intern: {
        ...card,
        PersonalInfo: [{ ...person, Contacts: { ...person!.Contacts, PhoneNumber: phone } }],
      },
      Protocol: { number: '2-П', date: '2026-11-25' },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('a cell the SRO and an operator both changed since the download is «Конфликт», the register’s kept until the operator chooses', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { sro, people, ids, clerk } = await sroWithClerk(page, 'clerk-both');
  const sroPhone = '+7 900 555-55-55';
  const registerPhone = '+7 900 777-77-77';

  // Between the download and the upload, an operator changes the same trainee's phone in the register.
  await sendBack(browser, clerk, ids[0]!, { Телефон: sroPhone }, () =>
    savePhone(page, ids[0]!, registerPhone),
  );
  await openImport(page, sro.Name);
  await page.getByRole('button', { name: 'Конфликт (1)' }).click();
  await expect(page).toHaveURL(/\?state=conflicting$/);
  await page.getByRole('link', { name: fullName(people[0]!) }).click();

  await expect(page.getByRole('heading', { level: 1, name: fullName(people[0]!) })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /^Конфликт: после выгрузки файла/ })).toContainText(
    'и файл, и реестр изменили «Телефон»',
  );
  const phoneRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Телефон/ }) });
  await expect(phoneRow).toContainText('Конфликт');
  await expect(phoneRow).toContainText('Требуется решение');
  await expect(phoneRow.getByRole('cell').first()).toContainText(registerPhone);
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await phoneRow.getByRole('button', { name: 'Принять из файла: Телефон' }).click();
  await expect(
    page.getByRole('radio', { name: `Телефон: принять значение из файла «${sroPhone}»` }),
  ).toBeChecked();
  await expect(phoneRow).not.toContainText('Требуется решение');
});
