import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../lib/exceljs.js';
import { employmentTypes, internshipStatuses } from '@registry/shared';
import {
  columnGroups,
  changeFileColumns,
  DATA_SHEET_NAME,
  INSTRUCTION_SHEET_NAME,
  REGISTER_ID_HEADER,
  type ChangeFileColumn,
} from './rows/change-file-columns.js';
import { templateInstructions } from './rows/change-file-instructions.js';
import { templateSample } from './rows/change-file-sample.js';

/*
 * The template an SRO fills in (docs/change-file.md#columns): sheet «Данные», a row of group titles over the
 * 65 headers, both frozen with the name columns, text format where Excel would otherwise eat leading zeros,
 * date format on dates, drop-downs for statuses, flags and employment type, and one sample row that the
 * reader accepts (a test reads it back).
 */

export const TEMPLATE_FILE_NAME = 'Шаблон файла изменений.xlsx';
export const TEMPLATE_ASCII_NAME = 'change-file-template.xlsx';

const HEADER_ROW = 2;
/** The data sheet's first row of values. */
export const FIRST_DATA_ROW = HEADER_ROW + 1;
// Drop-downs and formats reach as far as a file may go: the row limit's default.
const LAST_DATA_ROW = HEADER_ROW + 10_000;
export const DATE_FORMAT = 'dd.mm.yyyy';

/** A column's number format: text where Excel would eat leading zeros, a date on dates, else Excel's own. */
export function columnFormat(column: ChangeFileColumn): string | undefined {
  return column.asText ? '@' : column.kind === 'date' ? DATE_FORMAT : undefined;
}

const quotedList = (values: string[]) => [`"${values.join(',')}"`];

/** The drop-down of a column, if it has one: a list Excel offers and checks. */
function dropDown(column: ChangeFileColumn): ExcelJS.DataValidation | null {
  const list =
    column.kind === 'status'
      ? [0, 1, 2, 3].map((status) => internshipStatuses.label(status as 0))
      : column.kind === 'employment'
        ? employmentTypes.values.map((type) => employmentTypes.label(type))
        : column.kind === 'flag'
          ? ['Да', 'Нет']
          : null;
  if (!list) return null;
  return {
    type: 'list',
    allowBlank: true,
    formulae: quotedList(list),
    showErrorMessage: true,
    errorTitle: column.header,
    error: `Выберите значение из списка: ${list.join(', ')}`,
  };
}

/** Wide enough for the longest word of the header and for the sample value, within reason. */
function columnWidth(column: ChangeFileColumn): number {
  const longestWord = Math.max(...column.header.split(/\s+/).map((word) => word.length));
  const sample = templateSample[column.header];
  const sampleLength = sample instanceof Date ? 10 : String(sample ?? '').length;
  return Math.min(
    40,
    Math.max(12, longestWord + 2, Math.ceil(column.header.length / 3) + 2, sampleLength + 2),
  );
}

declare module 'exceljs' {
  /**
   * exceljs keeps a sheet's validations by range and writes each range once; its typings leave that out and
   * know only the per-cell form, which would write ten thousand copies of each drop-down.
   */
  interface Worksheet {
    dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
  }
}

const GROUP_FILLS = ['FFD9E1F2', 'FFE2EFDA', 'FFFFF2CC', 'FFFCE4D6'];
const thin = { style: 'thin' as const, color: { argb: 'FFA6A6A6' } };
const border = { top: thin, left: thin, bottom: thin, right: thin };

/** How the data sheet is laid out: the template's, or the pre-filled file's with the register's keys first. */
export interface DataSheetLayout {
  /** Whether the first column is «Номер в реестре», locked, before the template's columns. */
  keyColumn: boolean;
}

/**
 * The data sheet's titles, headers, widths, formats and drop-downs, on a sheet of a workbook built in memory
 * (the template) or of one streamed (the pre-filled change file), so the two files are laid out alike.
 */
export function layoutDataSheet(sheet: ExcelJS.Worksheet, { keyColumn }: DataSheetLayout) {
  const offset = keyColumn ? 1 : 0;
  let first = 1 + offset;
  columnGroups.forEach((group, i) => {
    const last = first + group.columns.length - 1;
    const fill = { type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb: GROUP_FILLS[i]! } };
    sheet.mergeCells(1, first, 1, last);
    const title = sheet.getCell(1, first);
    title.value = group.title;
    title.font = { bold: true, size: 12 };
    // Left-aligned: a title centred over sixteen columns would sit off screen behind the frozen panes.
    title.alignment = { horizontal: 'left', vertical: 'middle', indent: 1 };
    title.fill = fill;
    title.border = border;
    for (let column = first; column <= last; column++) sheet.getCell(HEADER_ROW, column).fill = fill;
    first = last + 1;
  });
  sheet.getRow(1).height = 22;
  if (keyColumn) {
    const key = sheet.getColumn(1);
    key.width = 14;
    key.numFmt = '0';
    sheet.mergeCells(1, 1, HEADER_ROW, 1);
    const header = sheet.getCell(1, 1);
    header.value = REGISTER_ID_HEADER;
    header.font = { bold: true };
    header.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    header.border = border;
  }

  changeFileColumns.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 1 + offset);
    sheetColumn.width = columnWidth(column);
    const format = columnFormat(column);
    if (format) sheetColumn.numFmt = format;
    // Under the pre-filled file's protection only the key column is locked; the template is not protected.
    if (keyColumn) sheetColumn.protection = { locked: false };
    const header = sheet.getCell(HEADER_ROW, i + 1 + offset);
    header.value = column.required ? `${column.header} *` : column.header;
    header.font = { bold: true };
    header.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    header.border = border;
    const validation = dropDown(column);
    if (validation) {
      const letter = sheetColumn.letter;
      sheet.dataValidations.add(`${letter}${FIRST_DATA_ROW}:${letter}${LAST_DATA_ROW}`, validation);
    }
  });
  sheet.getRow(HEADER_ROW).height = 64;
}

/** The data sheet, its name columns and headers frozen (with the key column when it has one). */
export function addDataSheet(workbook: ExcelJS.Workbook, layout: DataSheetLayout): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(DATA_SHEET_NAME, {
    views: [{ state: 'frozen', xSplit: layout.keyColumn ? 3 : 2, ySplit: HEADER_ROW }],
  });
  layoutDataSheet(sheet, layout);
  return sheet;
}

/** The instruction sheet, after the data: how to fill the file in, in the clerk's words. */
export function addInstructionSheet(workbook: ExcelJS.Workbook, lines: readonly string[]) {
  const sheet = workbook.addWorksheet(INSTRUCTION_SHEET_NAME);
  sheet.getColumn(1).width = 120;
  lines.forEach((line, i) => {
    const cell = sheet.getCell(i + 1, 1);
    cell.value = line;
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (i === 0) cell.font = { bold: true, size: 13 };
  });
}

/** The template workbook as .xlsx bytes. */
export async function buildChangeFileTemplate(): Promise<Buffer> {
  const excel = await loadExcelJs();
  const workbook = new excel.Workbook();
  workbook.creator = 'Реестр стажёров';
  const sheet = addDataSheet(workbook, { keyColumn: false });
  changeFileColumns.forEach((column, i) => {
    const sample = sheet.getCell(FIRST_DATA_ROW, i + 1);
    sample.value = templateSample[column.header] ?? null;
    const format = columnFormat(column);
    if (format) sample.numFmt = format;
  });
  addInstructionSheet(workbook, templateInstructions);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
