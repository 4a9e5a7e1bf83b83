import * as XLSX from '@e965/xlsx';
import { normalizeForSearch } from '@registry/shared';
import { ChangeFileRefusal, damaged, fileMessages } from './change-file-messages.js';
import { trackHeap } from './heap-peak.js';
import {
  HEADER_SEARCH_ROWS,
  SheetDate,
  SheetError,
  excelSerialToIso,
  isFilled,
  lastAllowedRow,
  type CellValue,
  type SheetGrid,
  type SheetLimits,
  type SheetRow,
} from './sheet-grid.js';

/*
 * Reads the data sheet of an .xls (BIFF8) with SheetJS, the one maintained reader of the format. The file
 * is already bounded by the size limit and a BIFF8 sheet by 65,536 × 256 cells; SheetJS stops keeping rows
 * past the allowed ones (`sheetRows`) and the sheet's declared range tells whether there were more.
 * Formulas are not read (`cellFormula: false`): a cell gives its cached value.
 */

const DATA_SHEET_NAME = 'данные';

/** Error codes of BIFF error cells (MS-XLS §2.5.10). */
const ERROR_CODES: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

interface SheetJsCell {
  t: string;
  v?: unknown;
  z?: string;
}

const readOptions = {
  type: 'buffer',
  dense: true,
  cellNF: true,
  cellText: false,
  cellHTML: false,
  cellFormula: false,
  cellStyles: false,
  cellDates: false,
} as const;

/** Reads the data sheet («Данные», else the first visible sheet) into a grid, within the limits. */
export function readXlsSheet(bytes: Uint8Array, limits: SheetLimits): SheetGrid {
  const book = parse(bytes, { bookSheets: true });
  const sheetName = chooseSheet(book);
  // One row more than allowed, so that the declared range tells whether the sheet went beyond.
  const workbook = parse(bytes, { sheets: sheetName, sheetRows: lastAllowedRow(limits) + 1 });
  trackHeap();
  const sheet = workbook.Sheets[sheetName];
  if (!sheet) throw damaged(`xls: sheet ${sheetName} not read`);
  checkRange(sheet['!fullref'] ?? sheet['!ref'], limits);
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (sheet['!data'] ?? []) as (SheetJsCell[] | undefined)[];
  const rows: SheetRow[] = [];
  data.forEach((cells, index) => {
    if (!cells) return;
    const row: SheetRow = { number: index + 1, cells: cells.map((cell) => cellValue(cell, date1904)) };
    if (row.cells.some(isFilled)) rows.push(row);
  });
  const merges = (sheet['!merges'] ?? [])
    .map((range) => ({ top: range.s.r + 1, left: range.s.c, bottom: range.e.r + 1, right: range.e.c }))
    .filter((range) => range.top <= HEADER_SEARCH_ROWS);
  return { rows, merges };
}

function parse(bytes: Uint8Array, options: XLSX.ParsingOptions): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, { ...readOptions, ...options });
  } catch (error) {
    if (error instanceof ChangeFileRefusal) throw error;
    if (/password|encrypt/i.test((error as Error).message)) {
      throw new ChangeFileRefusal('content', [fileMessages.encrypted]);
    }
    throw damaged(`xls: ${(error as Error).message}`);
  }
}

function chooseSheet(book: XLSX.WorkBook): string {
  const names = book.SheetNames;
  if (names.length === 0) throw new ChangeFileRefusal('content', [fileMessages.noSheets]);
  const visible = names.filter((_, i) => !book.Workbook?.Sheets?.[i]?.Hidden);
  return names.find((name) => normalizeForSearch(name).trim() === DATA_SHEET_NAME) ?? visible[0] ?? names[0]!;
}

function checkRange(ref: string | undefined, limits: SheetLimits) {
  if (!ref) return;
  const { e } = XLSX.utils.decode_range(ref);
  if (e.r + 1 > lastAllowedRow(limits)) {
    throw new ChangeFileRefusal('too-large', [fileMessages.tooManyRows(e.r + 1, limits.maxRows)]);
  }
  if (e.c + 1 > limits.maxColumns) {
    throw new ChangeFileRefusal('too-large', [fileMessages.tooManyColumns(e.c + 1, limits.maxColumns)]);
  }
}

const dateFormats = new Map<string, boolean>();

/** Whether a number format shows a date; a sheet has a handful of formats and many cells, so it is remembered. */
function isDateFormat(format: string): boolean {
  let isDate = dateFormats.get(format);
  if (isDate === undefined) dateFormats.set(format, (isDate = Boolean(XLSX.SSF.is_date(format))));
  return isDate;
}

function cellValue(cell: SheetJsCell | undefined, date1904: boolean): CellValue | undefined {
  if (!cell) return undefined;
  switch (cell.t) {
    case 's':
      return typeof cell.v === 'string' ? cell.v : undefined;
    case 'b':
      return Boolean(cell.v);
    case 'e':
      return new SheetError(ERROR_CODES[cell.v as number] ?? '#ERROR');
    case 'n': {
      const number = cell.v as number;
      const iso = cell.z && isDateFormat(cell.z) ? excelSerialToIso(number, date1904) : null;
      return iso ? new SheetDate(iso) : number;
    }
    default:
      return undefined;
  }
}
