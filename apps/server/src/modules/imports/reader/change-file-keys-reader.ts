import type { CellValue } from '../rows/change-file-cells.js';
import {
  headerCells,
  keyCells,
  keyColumns,
  KEYS_SHEET_NAME,
  signatureCells,
  type ExportHeader,
  type ExportKeys,
  type RowKey,
} from '../rows/change-file-keys-sheet.js';
import { ChangeFileRefusal } from '../rows/change-file-messages.js';
import type { SheetLimits, SheetRow } from './formats/sheet-grid.js';
import type { XlsxBook } from './formats/xlsx-sheet.js';

/*
 * The keys sheet of a pre-filled change file, read back (its layout: rows/change-file-keys-sheet.ts). Only
 * its shape is checked here: whether the keys are the ones the register wrote is for their signature to say,
 * under the server's secret (../change-file-keys.ts), which the reader's worker is never given.
 */

/** Stops the scan at the first row that is not as the writer writes it. */
class NotAsWritten extends Error {}

function notAsWritten(): never {
  throw new NotAsWritten();
}

/**
 * The keys of the workbook's keys sheet; null when it has none, 'damaged' when its sheet is not as the export
 * writes it. The file's data sheet has been read by then: nothing in the keys sheet refuses the file, and a
 * sheet past the limits, or with a text longer than a cell holds, is stopped where it is met.
 */
export function readExportKeys(book: XlsxBook, limits: SheetLimits): ExportKeys | 'damaged' | null {
  const sheet = keysSheet(limits.maxRows);
  try {
    return book.eachRowOf(KEYS_SHEET_NAME, sheet.take) ? sheet.finish() : null;
  } catch (error) {
    if (error instanceof NotAsWritten || error instanceof ChangeFileRefusal) return 'damaged';
    throw error;
  }
}

/**
 * The keys sheet's rows taken in order, each on the row the writer puts it on: the header, the titles, a key
 * per data row (no more than a data sheet may have rows, each of another trainee, in the data sheet's order)
 * and the signature, last.
 */
function keysSheet(maxKeys: number) {
  let header: ExportHeader | null = null;
  let titled = false;
  const keys: RowKey[] = [];
  const internIds = new Set<number>();
  let signature: string | null = null;
  let rowsTaken = 0;
  const addKey = (key: RowKey) => {
    const previous = keys.at(-1);
    if (keys.length === maxKeys || internIds.has(key.internId)) notAsWritten();
    if (previous && key.row <= previous.row) notAsWritten();
    internIds.add(key.internId);
    keys.push(key);
  };
  return {
    take({ number, cells }: SheetRow) {
      if (number !== ++rowsTaken || signature !== null) notAsWritten();
      if (!header) header = headerOf(cells) ?? notAsWritten();
      else if (!titled) titled = sameCells(cells, keyColumns) || notAsWritten();
      else {
        signature = signatureOf(cells);
        if (signature === null) addKey(keyOf(cells) ?? notAsWritten());
      }
    },
    finish(): ExportKeys {
      if (!header || signature === null) notAsWritten();
      return { header, keys, signature };
    },
  };
}

/** Whether a row's cells are these, and nothing beyond them. */
function sameCells(cells: (CellValue | undefined)[], expected: readonly (string | number)[]): boolean {
  return cells.length === expected.length && expected.every((value, i) => cells[i] === value);
}

const isWhole = (value: CellValue | undefined): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The time as the export writes it, `Date.toISOString()`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function headerOf(cells: (CellValue | undefined)[]): ExportHeader | null {
  const [, exportId, , organizationId, , exportedAt] = cells;
  if (typeof exportId !== 'string' || !isWhole(organizationId)) return null;
  if (typeof exportedAt !== 'string' || !ISO_TIME.test(exportedAt)) return null;
  const header = { exportId, organizationId, exportedAt };
  return sameCells(cells, headerCells(header)) ? header : null;
}

function keyOf(cells: (CellValue | undefined)[]): RowKey | null {
  const [row, internId, version, personalInfo, supervisor, internship, steps] = cells;
  if (!isWhole(row) || !isWhole(internId) || !isWhole(version)) return null;
  const entry = (id: CellValue | undefined) => (isWhole(id) && id > 0 ? id : null);
  const key: RowKey = {
    row,
    internId,
    version,
    entries: {
      PersonalInfo: entry(personalInfo),
      Supervisor: entry(supervisor),
      Internship: entry(internship),
      InternshipSteps: entry(steps),
    },
  };
  // An entry's cell that held no whole number is written back as 0, and differs.
  return sameCells(cells, keyCells(key)) ? key : null;
}

function signatureOf(cells: (CellValue | undefined)[]): string | null {
  const signature = cells[1];
  return typeof signature === 'string' && sameCells(cells, signatureCells(signature)) ? signature : null;
}
