import * as XLSX from '@e965/xlsx';
import { BIFF_ERROR_CODES } from '../../modules/imports/reader/formats/xls-sheet.js';
import { SheetDate, SheetError, type CellValue } from '../../modules/imports/rows/change-file-cells.js';
import {
  HEADER_SEARCH_ROWS,
  excelSerialToIso,
  isDateFormat,
  isFilled,
  type SheetGrid,
} from '../../modules/imports/reader/formats/sheet-grid.js';

/*
 * The grid SheetJS reads from the same .xls or .xlsx, which the tests hold our scanners to: the same cells,
 * values, dates and merged ranges, whatever wrote the file.
 */

interface SheetJsCell {
  t: string;
  v?: unknown;
  z?: string;
}

/** The data sheet («Данные», else the first) as SheetJS reads it, values and number formats only. */
export function sheetJsGrid(bytes: Uint8Array): SheetGrid {
  const workbook = XLSX.read(bytes, { type: 'buffer', dense: true, cellNF: true, cellFormula: false });
  const name = workbook.SheetNames.find((sheet) => sheet === 'Данные') ?? workbook.SheetNames[0]!;
  const sheet = workbook.Sheets[name]!;
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (sheet['!data'] ?? []) as (SheetJsCell[] | undefined)[];
  const rows = data.flatMap((cells, index) =>
    cells ? [{ number: index + 1, cells: cells.map((cell) => cellValue(cell, date1904)) }] : [],
  );
  const merges = (sheet['!merges'] ?? [])
    .map((range) => ({ top: range.s.r + 1, left: range.s.c, bottom: range.e.r + 1, right: range.e.c }))
    .filter((range) => range.top <= HEADER_SEARCH_ROWS);
  return { rows, merges };
}

/** A grid as SheetJS and the scanners would both give it: filled cells only, JSON for plain comparison. */
export function comparable(grid: SheetGrid) {
  const rows = grid.rows
    // Array.from, not map: a row's holes become nulls too, so that trailing ones are dropped.
    .map((row) => ({
      number: row.number,
      cells: Array.from(row.cells, (value) => (isFilled(value) ? value : null)),
    }))
    .filter((row) => row.cells.some((value) => value !== null));
  for (const row of rows) while (row.cells.at(-1) === null) row.cells.pop();
  return JSON.parse(JSON.stringify({ rows, merges: grid.merges })) as unknown;
}

function cellValue(cell: SheetJsCell | undefined, date1904: boolean): CellValue | undefined {
  switch (cell?.t) {
    case 's':
      return typeof cell.v === 'string' ? cell.v : undefined;
    case 'b':
      return Boolean(cell.v);
    case 'e':
      return new SheetError(BIFF_ERROR_CODES[cell.v as number] ?? '#ERROR');
    case 'n': {
      const number = cell.v as number;
      const iso = cell.z && isDateFormat(-1, cell.z) ? excelSerialToIso(number, date1904) : null;
      return iso ? new SheetDate(iso) : number;
    }
    default:
      return undefined;
  }
}
