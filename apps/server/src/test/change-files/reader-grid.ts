import { detectFileType } from '../../modules/imports/reader/formats/file-type.js';
import { gridOf, type SheetGrid } from '../../modules/imports/reader/formats/sheet-grid.js';
import { readXlsSheet } from '../../modules/imports/reader/formats/xls-sheet.js';
import { openXlsxSheet } from '../../modules/imports/reader/formats/xlsx-sheet.js';

/*
 * The data sheet as the reader's format scanners give it, for comparison with SheetJS's (sheetjs-grid.ts):
 * the real-file tests and `npm run parity` read every book this way.
 */

// Large enough for any book: the limits are the template's business, not the scanners'.
const limits = { maxRows: 1_000_000, maxColumns: 16_384 };

/**
 * `mergesAhead` reads the sheet as the rows are sent when they are stored as read, the header's merged
 * ranges found ahead.
 */
export function readerGrid(bytes: Uint8Array, fileName: string, mergesAhead = false): SheetGrid {
  const detected = detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, fileName);
  return detected.format === 'xlsx'
    ? gridOf(openXlsxSheet(bytes, detected.zip, limits, { mergesAhead }))
    : readXlsSheet(detected.stream, limits);
}
