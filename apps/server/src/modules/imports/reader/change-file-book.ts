import { loadExcelJs } from '../../../lib/exceljs.js';
import { snilsFromBody } from '@registry/shared';
import { changeFileColumns } from './change-file-columns.js';
import { templateSample } from './change-file-sample.js';

/*
 * Change files made by code, as a clerk's spreadsheet application writes them: the template's sample row with
 * some cells changed, laid out under the template's headers and written by exceljs. The reader's tests build
 * their files with these (test/change-files/workbooks.ts), and the demo seed its SROs' uploads.
 */

export type Cell = string | number | boolean | Date | null | undefined;
export type RowValues = Record<string, Cell>;

/** The template's 65 headers in order, required ones marked as in the template. */
export const templateHeaders = changeFileColumns.map((column) =>
  column.required ? `${column.header} *` : column.header,
);

/** A valid SNILS (with its check number) made from a 9-digit body, formatted `###-###-### ##`. */
export const snilsFrom = snilsFromBody;

/** The template's sample row with some cells changed; `undefined` empties a cell. */
export function sampleRow(overrides: RowValues = {}): RowValues {
  return { ...templateSample, ...overrides };
}

/** A sheet as rows of cells: the header row, then each row's values in the headers' order. */
export function sheetOf(rows: RowValues[], headers: string[] = templateHeaders): Cell[][] {
  const bare = (header: string) => header.replace(/ \*$/, '');
  return [headers, ...rows.map((row) => headers.map((header) => row[bare(header)] ?? null))];
}

export interface BookOptions {
  sheetName?: string;
  date1904?: boolean;
  /** Merged ranges such as 'A1:C1'. */
  merges?: string[];
  /** Sheets to put before the data sheet, by name. */
  sheetsBefore?: Record<string, Cell[][]>;
  /** An empty cell with a border in column A of this row, as formatting left below a table. */
  formattedTo?: number;
}

/** An .xlsx written by exceljs, as a spreadsheet application would write it. */
export async function xlsxOf(rows: Cell[][], options: BookOptions = {}): Promise<Buffer> {
  const excel = await loadExcelJs();
  const workbook = new excel.Workbook();
  if (options.date1904) workbook.properties.date1904 = true;
  for (const [name, before] of Object.entries(options.sheetsBefore ?? {})) {
    workbook.addWorksheet(name).addRows(before);
  }
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Данные');
  rows.forEach((row, i) => {
    row.forEach((value, j) => {
      if (value === null || value === undefined) return;
      const cell = sheet.getCell(i + 1, j + 1);
      cell.value = value;
      if (value instanceof Date) cell.numFmt = 'dd.mm.yyyy';
    });
  });
  for (const range of options.merges ?? []) sheet.mergeCells(range);
  if (options.formattedTo) sheet.getCell(options.formattedTo, 1).border = { bottom: { style: 'thin' } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
