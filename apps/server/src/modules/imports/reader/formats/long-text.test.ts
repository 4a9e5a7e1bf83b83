import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config.js';
import { fileMessages } from '../../rows/change-file-messages.js';
import { readInWorker } from '../change-file-runner.js';
import { detectFileType } from './file-type.js';
import { MAX_CELL_TEXT, gridOf } from './sheet-grid.js';
import { openXlsxSheet } from './xlsx-sheet.js';
import { inlineRow, packageOf, MAIN } from '../../../../test/change-files/workbooks.js';
import { testOptions } from '../../../../test/change-files/reader-options.js';

/*
 * A cell's text longer than Excel's own limit refuses the file where it is read, naming its row and column,
 * and every part is read as it is unpacked (issue #25, item 7: a 138 KB file holding one text of 70 million
 * characters cost the server half a gigabyte).
 */

const limits = { maxRows: 10_000, maxColumns: 200 };

function xlsxGrid(bytes: Uint8Array) {
  const detected = detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, 'book.xlsx');
  if (detected.format !== 'xlsx') throw new Error('not an .xlsx');
  return gridOf(openXlsxSheet(bytes, detected.zip, limits));
}

const tooLong = (row: number, column: string) => fileMessages.cellTextTooLong(row, column, MAX_CELL_TEXT);

describe('a text longer than a cell holds', () => {
  it('keeps an inline text of exactly 32,767 characters, however it is written, and refuses one more', () => {
    const longest = 'Я'.repeat(MAX_CELL_TEXT);
    const escaped = '&amp;'.repeat(MAX_CELL_TEXT - 1);
    const grid = xlsxGrid(
      packageOf({
        sheet: inlineRow(1, ['a', longest]) + inlineRow(2, ['b']).replace('<t', `<t>${escaped}</t><t`),
      }),
    );
    expect((grid.rows[0]!.cells[1] as string).length).toBe(MAX_CELL_TEXT);
    expect(grid.rows[1]!.cells[0]).toBe(`${'&'.repeat(MAX_CELL_TEXT - 1)}b`);

    expect(() =>
      xlsxGrid(packageOf({ sheet: inlineRow(1, ['a']) + inlineRow(2, ['b', `${longest}Я`]) })),
    ).toThrow(tooLong(2, 'B'));
  });

  it('refuses a shared string that long where a cell uses it, and not where none does', () => {
    const strings = ['Фамилия', 'Я'.repeat(MAX_CELL_TEXT + 1)];
    const cell = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
    expect(() =>
      xlsxGrid(
        packageOf({ sharedStrings: strings, sheet: `<row r="3">${cell('A3', 0)}${cell('C3', 1)}</row>` }),
      ),
    ).toThrow(tooLong(3, 'C'));
    expect(
      xlsxGrid(packageOf({ sharedStrings: strings, sheet: `<row r="3">${cell('A3', 0)}</row>` })).rows,
    ).toEqual([{ number: 3, cells: ['Фамилия'] }]);
  });

  it('refuses the text while the sheet is unpacked, before its end is reached', () => {
    // The sheet's packed bytes end halfway: read whole, it would be refused as damaged before any cell.
    const rows = Array.from({ length: 3000 }, (_, i) => inlineRow(i + 3, [`строка ${i * 7919}`])).join('');
    const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${inlineRow(1, ['a'])}${inlineRow(2, ['b', 'Я'.repeat(1_000_000)])}${rows}</sheetData></worksheet>`;
    const data = Buffer.from(sheet);
    const packed = deflateRawSync(data);
    const cut = packageOf({
      sheet: '',
      extraParts: [
        {
          name: 'xl/worksheets/sheet1.xml',
          data: '',
          prepacked: { bytes: packed.subarray(0, packed.length / 2), size: data.length, crc: crc32(data) },
        },
      ],
    });
    expect(() => xlsxGrid(cut)).toThrow(tooLong(2, 'B'));
  });

  it('never builds a long shared string: the reading worker’s heap stays far below its length', async () => {
    // 60 million characters take 60 MB or more as one string in the heap.
    const text = 'Я'.repeat(60_000_000);
    const strings = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}"><si><t>${text}</t></si><si><t>Фамилия</t></si></sst>`;
    const data = Buffer.from(strings);
    const book = packageOf({
      sheet: `<row r="1"><c r="A1" t="s"><v>1</v></c></row>`,
      extraParts: [
        {
          name: 'xl/sharedStrings.xml',
          data: '',
          prepacked: { bytes: deflateRawSync(data), size: data.length, crc: crc32(data) },
        },
      ],
    });
    const settings = loadConfig({}).changeFileReader;
    const result = await readInWorker(book, 'book.xlsx', testOptions(), settings);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([fileMessages.noHeader]);
    expect(result.heapPeakMb).toBeLessThan(40);
  });
});
