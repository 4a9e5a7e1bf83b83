import * as XLSX from '@e965/xlsx';
import { normalizeForSearch } from '@registry/shared';
import type { CellValue } from '../../rows/change-file-cells.js';
import { DATA_SHEET_NAME } from '../../rows/change-file-columns.js';
import { fileMessages, ChangeFileRefusal } from '../../rows/change-file-messages.js';

/*
 * The one shape both spreadsheet formats are read into, so that the change-file rules never care whether a
 * cell came from .xlsx or .xls: rows with their spreadsheet numbers, cells by column index, merged ranges.
 */

export interface SheetRow {
  /** The spreadsheet's own row number, 1-based, as the clerk sees it. */
  number: number;
  /** Cells by 0-based column index; a missing cell is empty. */
  cells: (CellValue | undefined)[];
}

/** A merged range, 1-based rows and 0-based columns, inclusive. */
export interface CellRange {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface SheetGrid {
  /** Rows that have at least one cell, in order. */
  rows: SheetRow[];
  merges: CellRange[];
}

/**
 * A sheet read row by row: the merged ranges where the header is looked for are known before the first
 * row, so that the rows below the header can be read and sent on while the rest of the sheet is unpacked.
 */
export interface SheetSource {
  /** The merged ranges that begin in the header area (the first HEADER_SEARCH_ROWS rows). */
  merges: CellRange[];
  /** Hands each row that has a filled cell to `take`, in order; throws for what refuses the sheet. */
  eachRow(take: (row: SheetRow) => void): void;
}

/** A grid read whole, as a source. */
export function gridSource(grid: SheetGrid): SheetSource {
  return { merges: grid.merges, eachRow: (take) => grid.rows.forEach((row) => take(row)) };
}

/** A source read whole: for tests and callers that want every row at once. */
export function gridOf(source: SheetSource): SheetGrid {
  const rows: SheetRow[] = [];
  source.eachRow((row) => rows.push(row));
  return { rows, merges: source.merges };
}

/** The sizes a sheet may have; checked while reading, before the rows are kept. */
export interface SheetLimits {
  /** Rows of data below the header; the header may sit anywhere in the first ten rows. */
  maxRows: number;
  maxColumns: number;
}

/** Rows above the data a sheet may have: the header row is looked for in the first ten. */
export const HEADER_SEARCH_ROWS = 10;

const dataSheetKey = normalizeForSearch(DATA_SHEET_NAME);

/** The sheet named «Данные» (case and ё aside), else the first sheet a clerk can see; both formats choose so. */
export function chooseDataSheet<Sheet extends { name: string; hidden: boolean }>(sheets: Sheet[]): Sheet {
  if (sheets.length === 0) throw new ChangeFileRefusal('content', [fileMessages.noSheets]);
  return (
    sheets.find((sheet) => normalizeForSearch(sheet.name).trim() === dataSheetKey) ??
    sheets.find((sheet) => !sheet.hidden) ??
    sheets[0]!
  );
}

/** The refusal of the chosen sheet when it is not a table: «Данные» itself, or the first sheet read for want of it. */
export function notATable(sheet: { name: string }): ChangeFileRefusal {
  const named = normalizeForSearch(sheet.name).trim() === dataSheetKey;
  return new ChangeFileRefusal('content', [
    named ? fileMessages.noDataSheet : fileMessages.firstSheetNotTable,
  ]);
}

/** The last row number a sheet may use at all: the header area and then the data rows. */
export function lastAllowedRow(limits: SheetLimits): number {
  return HEADER_SEARCH_ROWS + limits.maxRows;
}

/** True when the value counts as filled in: not empty and not only spaces. */
export function isFilled(value: CellValue | undefined): value is CellValue {
  if (value === undefined) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/**
 * The longest text a cell may hold: Excel's own limit. A longer one can only be crafted, and reading it
 * whole is what a hostile file costs the server.
 */
export const MAX_CELL_TEXT = 32_767;

/** Refuses the file for a cell's text longer than MAX_CELL_TEXT. */
export function tooLongText(row: number, column: number): ChangeFileRefusal {
  return new ChangeFileRefusal('too-large', [
    fileMessages.cellTextTooLong(row, columnLetters(column), MAX_CELL_TEXT),
  ]);
}

/** Keeps a filled cell in its row; a cell beyond the limits refuses the file where it is met, before more is read. */
export function keepCell(row: SheetRow, column: number, value: CellValue, limits: SheetLimits) {
  if (typeof value === 'string' && value.length > MAX_CELL_TEXT) throw tooLongText(row.number, column);
  if (column >= limits.maxColumns) {
    const letters = columnLetters(column);
    throw new ChangeFileRefusal('too-large', [fileMessages.columnBeyondLimit(letters, limits.maxColumns)]);
  }
  if (row.number > lastAllowedRow(limits)) {
    throw new ChangeFileRefusal('too-large', [fileMessages.rowBeyondLimit(row.number, limits.maxRows)]);
  }
  row.cells[column] = value;
}

// Built-in number formats that are dates (ECMA-376 §18.8.30, the same ids in BIFF8), East Asian ones too.
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36,
]);
for (let id = 45; id <= 58; id++) if (id < 48 || id > 49) BUILT_IN_DATE_FORMATS.add(id);

const customDateFormats = new Map<string, boolean>();

/** Whether a number format, built in by its id or written out, shows a date (or a time). */
export function isDateFormat(id: number, custom: string | undefined): boolean {
  if (custom === undefined) return BUILT_IN_DATE_FORMATS.has(id);
  // A sheet has a handful of formats and many cells, so the answer is remembered.
  let isDate = customDateFormats.get(custom);
  if (isDate === undefined) customDateFormats.set(custom, (isDate = Boolean(XLSX.SSF.is_date(custom))));
  return isDate;
}

const DAY_MS = 86_400_000;
// Day 0 of each system: 1899-12-30 for 1900 (which counts a non-existent 1900-02-29), 1904-01-01 for 1904.
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * The date of an Excel serial number in either date system, `yyyy-MM-dd`; the time of day is dropped.
 * In the 1900 system serials below 61 are shifted by Lotus 1-2-3's phantom 29 February 1900.
 */
export function excelSerialToIso(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const day = Math.floor(serial);
  const key = date1904 ? -day : day;
  let iso = isoByDay.get(key);
  if (iso === undefined) {
    const ms = date1904 ? EPOCH_1904 + day * DAY_MS : EPOCH_1900 + (day < 61 ? day + 1 : day) * DAY_MS;
    iso = new Date(ms).toISOString().slice(0, 10);
    // A file's dates repeat (starts, ends, the same birthdays), and making a Date for each is costly.
    if (isoByDay.size < 100_000) isoByDay.set(key, iso);
  }
  return iso;
}

const isoByDay = new Map<number, string>();

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The 0-based column of a reference such as `BM12` (read often, so without a pattern), or -1. */
export function columnOfReference(ref: string): number {
  let column = 0;
  let i = ref.charCodeAt(0) === 36 ? 1 : 0; // $
  for (; i < ref.length && i < 4; i++) {
    const code = ref.charCodeAt(i) | 0x20; // lower case
    if (code < 97 || code > 122) break;
    column = column * 26 + (code - 96);
  }
  return column === 0 || i >= ref.length ? -1 : column - 1;
}

/** The 0-based column and 1-based row of a reference such as `BM12`, or null when it is not one. */
export function parseCellReference(ref: string): { column: number; row: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { column: column - 1, row: Number(match[2]) };
}
