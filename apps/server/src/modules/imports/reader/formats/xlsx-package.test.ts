import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type.js';
import { SheetDate } from '../../rows/change-file-cells.js';
import { gridOf } from './sheet-grid.js';
import { openXlsxSheet } from './xlsx-sheet.js';

/*
 * The package's parts around the sheet on real workbooks (test/change-files/real-files/): the date system of
 * the workbook's own `workbookPr`, not of Excel's extension of it, and the cells' number formats from
 * `<numFmts>`, not from a conditional format's.
 */

const limits = { maxRows: 1_000_000, maxColumns: 16_384 };

/** The value of a cell (`B1`) of the real file's data sheet. */
async function cellOf(file: string, column: number, row: number) {
  const bytes = await readFile(new URL(`../../../../test/change-files/real-files/${file}`, import.meta.url));
  const detected = detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, file);
  if (detected.format !== 'xlsx') throw new Error('not an .xlsx');
  const grid = gridOf(openXlsxSheet(bytes, detected.zip, limits));
  return grid.rows.find((candidate) => candidate.number === row)?.cells[column];
}

describe('the workbook’s date system', () => {
  it('is the 1904 one of `workbookPr`, whatever Excel’s `<x15:workbookPr>` in `<extLst>` says', async () => {
    expect(await cellOf('sheetjs-1904.xlsx', 1, 1)).toEqual(new SheetDate('1904-01-02'));
    expect(await cellOf('exceldatareader-Test_git_Issue_649_Date1904_Parsings.xlsx', 12, 12)).toEqual(
      new SheetDate('2023-09-01'),
    );
  });
});

describe('the cells’ number formats', () => {
  it('are those of `<numFmts>`: a conditional format’s `<numFmt>` with the same id leaves a date a date', async () => {
    expect(await cellOf('closedxml-TemplateWithTableSourcePivotTables.xlsx', 1, 4)).toEqual(
      new SheetDate('2015-02-27'),
    );
  });
});
