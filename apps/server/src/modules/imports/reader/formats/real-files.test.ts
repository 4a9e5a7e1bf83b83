import { readFile, readdir } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { fileMessages } from '../../rows/change-file-messages.js';
import { Biff, records } from './xls-records.js';
import { comparable, sheetJsGrid } from '../../../../test/change-files/sheetjs-grid.js';
import { refusalOf } from '../../../../test/change-files/refusal.js';
import { readerGrid } from '../../../../test/change-files/reader-grid.js';

/*
 * Spreadsheets nobody on this project wrote, from the public test corpora of other readers, each a case where
 * the scanners once differed from SheetJS or refused a readable book: each must give SheetJS's grid, cell by
 * cell. Their sources and licences are in the folder's README.
 */

const folder = new URL('../../../../test/change-files/real-files/', import.meta.url);
const files = (await readdir(folder)).filter((name) => /\.xlsx?$/.test(name)).sort();
/** Hostile files, refused as damaged: SheetJS itself dies on them. */
const hostile = ['exceldatareader-Test_git_issue_382_oom.xls'];
/** Books SheetJS reads without their sheet, compared with what it reads once shown the sheet. */
const repairedForSheetJs: Record<string, (bytes: Buffer) => Buffer> = {
  'exceldatareader-Test_git_issue624.xls': boundSheetsAtTheirBof,
};
/**
 * Where SheetJS is wrong, what it reads and what the book holds. In issue 467 a CONTINUE record ends with half
 * a character: SheetJS reads it with the next record's flags byte as «Ā» and, a character short, loses the
 * string's last one («2016» of the bulletin's date); the reader drops the half, as ExcelDataReader does.
 */
const sheetJsSlips: Record<string, [sheetJs: string, book: string][]> = {
  'exceldatareader-Test_git_issue_467_empty_continue_leftoverbytes.xls': [
    ['However theLCĀsion', 'However theLCsion'],
    ['européennes,201"', 'européennes,2016"'],
  ],
};
const compared = files.filter((file) => !hostile.includes(file));

/** SheetJS's grid of the file, comparable, its known slips put right. */
function expectedGrid(file: string, bytes: Buffer): unknown {
  let json = JSON.stringify(comparable(sheetJsGrid(repairedForSheetJs[file]?.(bytes) ?? bytes)));
  for (const [sheetJs, book] of sheetJsSlips[file] ?? []) {
    expect(json).toContain(sheetJs);
    json = json.replace(sheetJs, book);
  }
  return JSON.parse(json);
}
describe('real spreadsheets', () => {
  it('are each listed in the README with a source and a licence', async () => {
    const readme = await readFile(new URL('README.md', folder), 'utf8');
    expect(files.length).toBeGreaterThanOrEqual(18);
    for (const file of files) expect(readme).toContain(file);
  });

  it.each(compared)('%s gives the same grid as SheetJS', async (file) => {
    const bytes = await readFile(new URL(file, folder));
    const expected = expectedGrid(file, bytes);
    expect(comparable(readerGrid(bytes, file))).toEqual(expected);
    // Read as the rows are sent when they are stored as read, the header's ranges found ahead.
    expect(comparable(readerGrid(bytes, file, true))).toEqual(expected);
  });

  it.each(hostile)('%s is refused as damaged, in under 5 s', async (file) => {
    const bytes = await readFile(new URL(file, folder));
    const started = performance.now();
    expect(refusalOf(() => readerGrid(bytes, file)).problems).toStrictEqual([fileMessages.damaged]);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

/**
 * The same book with each BOUNDSHEET's offset moved back onto its sheet's BOF, where SheetJS looks for the
 * sheet; ExcelDataReader's issue 624 points 20 bytes past it, one BIFF8 BOF record on.
 */
function boundSheetsAtTheirBof(bytes: Buffer): Buffer {
  const container = XLSX.CFB.read(bytes, { type: 'buffer' });
  const workbook = XLSX.CFB.find(container, 'Workbook') as { content: Buffer; size: number };
  const stream = Buffer.from(workbook.content);
  for (const [type, body] of records(stream, 0)) {
    if (type === Biff.Eof) break;
    if (type === Biff.BoundSheet && stream.readUInt16LE(stream.readUInt32LE(body)) !== Biff.Bof)
      stream.writeUInt32LE(stream.readUInt32LE(body) - 20, body);
  }
  workbook.content = stream;
  return Buffer.from(XLSX.CFB.write(container, { type: 'buffer', fileType: 'cfb' }) as Uint8Array);
}
