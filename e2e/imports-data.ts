import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { formatSnils, isValidSnils } from '../packages/shared/src/format/snils';
import { apiPost } from './fixtures';
import { latestMailTo } from './mail';

/*
 * What the import tests upload and who uploads it: change files built on the headers of the template the
 * app serves, a minimal PDF, and an SRO representative with an e-mailed password.
 */

type Cell = ExcelJS.CellValue;

/** The template's header row (required headers keep their ' *') and its sample row, by header. */
async function templateOf(api: APIRequestContext): Promise<{ headers: string[]; sample: Map<string, Cell> }> {
  const response = await api.get('/api/v1/imports/template');
  expect(response.ok()).toBe(true);
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer, which a Buffer is not; a copy's buffer holds just these bytes.
  await workbook.xlsx.load(new Uint8Array(await response.body()).buffer);
  const sheet = workbook.getWorksheet('Данные')!;
  // The header row is the one with «Фамилия»; a row of group titles sits above it.
  let headerRow = 1;
  while (!sheet.getRow(headerRow).values.toString().includes('Фамилия')) headerRow++;
  const headers: string[] = [];
  const sample = new Map<string, Cell>();
  sheet.getRow(headerRow).eachCell((cell, column) => {
    headers[column - 1] = String(cell.value);
    sample.set(String(cell.value), sheet.getRow(headerRow + 1).getCell(column).value);
  });
  return { headers, sample };
}

/**
 * An .xlsx change file with the template's headers and one row a trainee: the template's sample row with
 * the given cells changed, by bare header ('Фамилия', 'СНИЛС').
 */
export async function changeFile(api: APIRequestContext, rows: Record<string, Cell>[]): Promise<Buffer> {
  const { headers, sample } = await templateOf(api);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Данные');
  sheet.addRow(headers);
  for (const row of rows) {
    sheet.addRow(headers.map((header) => row[header.replace(/ \*$/, '')] ?? sample.get(header) ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The smallest file the server takes for a PDF: it checks the '%PDF-' signature. */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A suffix of Cyrillic letters unique to this run, for names, which take letters only: 'жбдкае'. */
export function runLetters(): string {
  return [...Date.now().toString(36).slice(-6)]
    .map((char) => 'абвгдежзиклмнопрстуфхцчшщэюяьыъёйАБВГД'[parseInt(char, 36)])
    .join('');
}

let snilsCount = 0;

/**
 * A valid SNILS no other run or call has used (one SNILS is one trainee): nine digits from the clock and a
 * counter, and the check number that fits them.
 */
export function freshSnils(): string {
  snilsCount += 1;
  const body = String(200_000_000 + ((Date.now() + snilsCount * 7_919) % 700_000_000));
  const tails = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
  return formatSnils(body + tails.find((tail) => isValidSnils(body + tail))!);
}

/** A new SRO under `name`, with the first register number from `from` that no other test has taken. */
export async function createSro(
  page: Page,
  name: string,
  from: number,
): Promise<{ Id: number; Name: string }> {
  for (let number = from; number < 1000; number++) {
    try {
      return (await apiPost(page, '/api/v1/organizations/', {
        Name: name,
        RegistryNumber: String(number),
      })) as {
        Id: number;
        Name: string;
      };
    } catch {
      // Taken by another test's SRO: try the next number.
    }
  }
  throw new Error(`No free register number for ${name}`);
}

/**
 * A representative of the SRO with a password the server e-mailed, set up by the operator logged in on
 * `page` as in the operators screen.
 */
export async function createRepresentative(
  page: Page,
  sroId: number,
  email: string,
): Promise<{ login: string; password: string }> {
  // A new account is mailed its first password: the only way it leaves the server.
  await apiPost(page, '/api/v1/operators/', {
    FullName: 'Соколова Ирина Павловна',
    EmailAddress: email,
    Organization: { Id: sroId },
  });

  let mail: string | null = null;
  await expect.poll(async () => (mail = await latestMailTo(email))).not.toBeNull();
  const password = /^Пароль: (\S+)$/m.exec(mail ?? '')?.[1];
  if (!password) throw new Error(`No password in the mail to ${email}`);
  return { login: email, password };
}

/** Types a date into a date field of the app (its sections year, month, day), as a user types it. */
export async function typeDate(field: Locator, isoDate: string) {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(isoDate.replace(/-/g, ''));
}
