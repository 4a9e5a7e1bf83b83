import { describe, expect, it } from 'vitest';
import { fileMessages } from '../change-file-messages.js';
import { detectFileType } from './file-type.js';
import { readXlsSheet } from './xls-sheet.js';
import { BIFF, cell, f64, record, streamOf, unicodeString } from '../../../../test/change-files/biff8.js';
import { compoundFile, excel95Of, sampleRow, sheetOf } from '../../../../test/change-files/workbooks.js';
import { comparable, sheetJsGrid } from '../../../../test/change-files/sheetjs-grid.js';
import { refusalOf } from '../../../../test/change-files/refusal.js';

const limits = { maxRows: 10_000, maxColumns: 200 };

const detect = (bytes: Uint8Array) => detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, 'book.xls');

function xlsGrid(bytes: Uint8Array) {
  const detected = detect(bytes);
  if (detected.format !== 'xls') throw new Error('not an .xls');
  return readXlsSheet(detected.stream, limits);
}

const book = streamOf(
  [record(BIFF.Xf, Buffer.alloc(20))],
  [
    {
      name: 'Данные',
      records: [
        record(BIFF.Label, cell(0, 0), unicodeString('Фамилия')),
        record(BIFF.Label, cell(0, 1), unicodeString('СНИЛС')),
        record(BIFF.Label, cell(1, 0), unicodeString('Иванова')),
        record(BIFF.Number, cell(1, 1), f64(11_223_344_595)),
      ],
    },
  ],
);

/** The same stream with its first BOF rewritten as an older Excel wrote it. */
function withBof(type: number, version: number): Buffer {
  const stream = Buffer.from(book);
  stream.writeUInt16LE(type, 0);
  stream.writeUInt16LE(version, 4);
  return stream;
}

describe('a compound file whose book stream is named Book, as Excel 5/95 named it', () => {
  it('is read when its BOF says BIFF8, with the rows it has under the name Workbook', () => {
    const bytes = compoundFile({ Book: book });
    const grid = xlsGrid(bytes);
    expect(grid.rows).toStrictEqual([
      { number: 1, cells: ['Фамилия', 'СНИЛС'] },
      { number: 2, cells: ['Иванова', 11_223_344_595] },
    ]);
    expect(grid).toStrictEqual(xlsGrid(compoundFile({ Workbook: book })));
    expect(comparable(grid)).toEqual(comparable(sheetJsGrid(bytes)));
  });

  it.each([
    ['BIFF5 (Excel 5/95)', () => compoundFile({ Book: withBof(BIFF.Bof, 0x0500) })],
    ['BIFF4', () => compoundFile({ Book: withBof(0x0409, 0x0000) })],
    ['BIFF5 written by SheetJS', () => excel95Of(sheetOf([sampleRow()]))],
    ['empty', () => compoundFile({ Book: new Uint8Array(0) })],
  ])('is refused as older than Excel 97 when it is %s', (_, make) => {
    expect(refusalOf(() => detect(make())).problems).toEqual([fileMessages.oldExcel]);
  });
});
