import type { Writable } from 'node:stream';
import { addTableSheet, streamedWorkbook } from '../../../lib/exceljs.js';
import { parseCell, parseDateText, russianDate, type PureKind } from '../rows/change-file-cells.js';
import {
  changeFileColumns,
  columnsByKey,
  DATA_SHEET_NAME,
  headerKey,
  type ChangeFileColumn,
} from '../rows/change-file-columns.js';
import { columnFormat, DATE_FORMAT } from '../change-file-template.js';
import { dateCell } from '../rows/change-file-values.js';
import { textCell } from '../../../lib/xlsx-text.js';

export const REJECTION_REASON_HEADER = 'Причина отклонения';

/**
 * The rejected rows of an import as a change file: the template's columns and formats with the cells as the
 * SRO wrote them, and the reason last. The clerk corrects the rows and uploads the file again, and the reader
 * must take them as it took them the first time; it ignores the reason's column as an unknown header.
 */
export async function writeRejectedRows(
  data: { headers: string[]; rows: { raw: (string | null)[]; reason: string | null }[] },
  output: Writable,
) {
  const workbook = await streamedWorkbook(output);
  const sheet = addTableSheet(workbook, DATA_SHEET_NAME, [
    ...changeFileColumns.map((column) => ({
      header: column.required ? `${column.header} *` : column.header,
      key: column.header,
      width: 20,
      // As in the template, so that what the clerk types in is read as it would be there: Excel must not turn
      // a SNILS or a passport number into a number, and a date typed in is a date.
      style: { numFmt: columnFormat(column) },
    })),
    { header: REJECTION_REASON_HEADER, key: REJECTION_REASON_HEADER, width: 60 },
  ]);
  const columnAt = data.headers.map((header) => columnsByKey.get(headerKey(header)) ?? null);
  for (const row of data.rows) {
    const cells: Record<string, ReturnType<typeof textCell> | Date> = {
      [REJECTION_REASON_HEADER]: textCell(row.reason ?? ''),
    };
    row.raw.forEach((text, index) => {
      const column = columnAt[index];
      if (!column || text === null) return;
      const cell = cellOf(column, text);
      cells[column.header] = cell instanceof Date ? cell : textCell(cell);
    });
    const sheetRow = sheet.addRow(cells);
    sheetRow.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = DATE_FORMAT;
    });
    sheetRow.commit();
  }
  sheet.commit();
  await workbook.commit();
}

// The kinds whose digits a number cell cut short: the reader pads them back from a number, not from text.
const FIXED_DIGITS = new Set<string>(['snils', 'passportSeries', 'passportNumber', 'educationCode']);

/**
 * A stored cell as the reader takes it back as it took the cell. A cell is stored as the text it showed, so
 * a SNILS or a passport typed as a number lost its leading zeros (`1221012955`), and a date cell became
 * `ДД.ММ.ГГГГ`: written back as text, the first would be refused and the second, in a requisites column,
 * read as free text instead of a date. Such digits are read again as the number they were, every SNILS is
 * written as the template writes it (`012-210-129 55`), and dates go back as date cells.
 */
function cellOf(column: ChangeFileColumn, text: string): string | Date {
  const iso = column.kind === 'date' || column.kind === 'requisites' ? parseDateText(text) : null;
  // A requisites cell that is a date alone was a date cell: that is how its text was made.
  if (iso && (column.kind === 'date' || russianDate(iso) === text)) return dateCell(iso);
  const isNumber = /^\d+$/.test(text);
  if (!(column.kind === 'snils' || (isNumber && FIXED_DIGITS.has(column.kind)))) return text;
  const read = parseCell(column.kind as PureKind, isNumber ? Number(text) : text, text);
  return read.ok ? (read.value as string) : text;
}
