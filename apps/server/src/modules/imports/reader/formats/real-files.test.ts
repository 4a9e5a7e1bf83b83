import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type.js';
import { readXlsSheet } from './xls-sheet.js';
import { gridOf } from './sheet-grid.js';
import { openXlsxSheet } from './xlsx-sheet.js';
import { comparable, sheetJsGrid } from '../../../../test/change-files/sheetjs-grid.js';

/*
 * Spreadsheets nobody on this project wrote, from the public test corpora of other readers, each a case where
 * the scanners once differed from SheetJS or refused a readable book: each must give SheetJS's grid, cell by
 * cell. Their sources and licences are in the folder's README.
 */

const folder = new URL('../../../../test/change-files/real-files/', import.meta.url);
const files = (await readdir(folder)).filter((name) => /\.xlsx?$/.test(name)).sort();
// Large enough for any of these books: the limits are the template's business, not the scanners'.
const limits = { maxRows: 1_000_000, maxColumns: 16_384 };

function readerGrid(bytes: Uint8Array, file: string, mergesAhead = false) {
  const detected = detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, file);
  return detected.format === 'xlsx'
    ? gridOf(openXlsxSheet(bytes, detected.zip, limits, { mergesAhead }))
    : readXlsSheet(detected.stream, limits);
}

describe('real spreadsheets', () => {
  it('are each listed in the README with a source and a licence', async () => {
    const readme = await readFile(new URL('README.md', folder), 'utf8');
    expect(files.length).toBeGreaterThanOrEqual(18);
    for (const file of files) expect(readme).toContain(file);
  });

  it.each(files)('%s gives the same grid as SheetJS', async (file) => {
    const bytes = await readFile(new URL(file, folder));
    const expected = comparable(sheetJsGrid(bytes));
    expect(comparable(readerGrid(bytes, file))).toEqual(expected);
    // Read as the rows are sent when they are stored as read, the header's ranges found ahead.
    expect(comparable(readerGrid(bytes, file, true))).toEqual(expected);
  });
});
