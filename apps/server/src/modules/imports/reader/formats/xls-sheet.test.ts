import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readXlsSheet } from './xls-sheet.js';
import { records } from './xls-records.js';
import { ChangeFileRefusal, fileMessages } from '../../rows/change-file-messages.js';
import { detectFileType } from './file-type.js';
import { SheetDate, SheetError } from '../../rows/change-file-cells.js';
import { columnLetters, lastAllowedRow } from './sheet-grid.js';
import { badCells } from '../../../../test/change-files/bad-cells.js';
import {
  BIFF,
  cell,
  chartSubstream,
  f64,
  record,
  streamOf,
  u16,
  u32,
  u8,
  unicodeString,
  utf16,
  type SheetSpec,
} from '../../../../test/change-files/biff8.js';
import { compoundFile, sampleRow, sheetOf, xlsOf } from '../../../../test/change-files/workbooks.js';
import { comparable, sheetJsGrid } from '../../../../test/change-files/sheetjs-grid.js';
import { refusalOf } from '../../../../test/change-files/refusal.js';

const limits = { maxRows: 10_000, maxColumns: 200 };

const xf = (format: number) => record(BIFF.Xf, u16(0), u16(format), Buffer.alloc(16));
const labelSst = (row: number, column: number, index: number) =>
  record(BIFF.LabelSst, cell(row, column), u32(index));
const rk = (value: number) => u32(Number.isInteger(value) ? ((value << 2) | 2) >>> 0 : 0);
const formula = (row: number, column: number, result: number[], type: number = BIFF.Formula) =>
  record(type, cell(row, column), result, u16(0), u32(0), u16(0));

/** Styles: 0 General, 1 a custom date format, 2 the built-in date format 14, 3 a percentage. */
const styleRecords = [
  record(BIFF.Format, u16(164), unicodeString('DD.MM.YYYY')),
  xf(0),
  xf(164),
  xf(14),
  xf(10),
];

/**
 * A shared string table whose strings run on into CONTINUE records: one switches from one-byte to
 * two-byte characters there, one has rich-text runs cut in half, one carries phonetic data.
 */
const sharedStrings = [
  record(
    BIFF.Sst,
    u32(6),
    u32(4),
    unicodeString('Фамилия'),
    u16(15),
    u8(0),
    'Ivanova', // the first 7 of 15 characters, one byte each
  ),
  record(BIFF.Continue, u8(1), utf16('-Петрова'), u16(5), u8(0x09), u16(1), utf16('СНИЛС'), [0, 0]),
  record(BIFF.Continue, [1, 0], u16(3), u8(0x04), u32(6), 'abc', [1, 2, 3]),
  record(BIFF.Continue, [4, 5, 6]),
];

const dataSheet: SheetSpec = {
  name: 'Данные',
  records: [
    record(BIFF.Dimensions, u32(0), u32(7), u16(0), u16(5), u16(0)),
    labelSst(0, 0, 0),
    labelSst(0, 1, 2),
    labelSst(1, 0, 1),
    record(BIFF.Label, cell(1, 1), unicodeString('Ёлкина')),
    record(BIFF.Number, cell(1, 2, 1), f64(45_731)),
    record(BIFF.Rk, cell(1, 3), rk(12_345)),
    record(BIFF.Rk, cell(1, 4), u32(((1234 << 2) | 3) >>> 0)), // 1234 / 100
    // Three cells in one: an integer, a date under the built-in format, and 1.5 as a double's high bits.
    record(BIFF.MulRk, u16(2), u16(0), u16(0), rk(7), u16(2), rk(45_731), u16(0), u32(0x3ff80000), u16(2)),
    formula(3, 0, [...f64(42)]),
    formula(3, 1, [0, 0, 0, 0, 0, 0, 0xff, 0xff]),
    record(BIFF.SharedFormula, Buffer.alloc(10)),
    record(BIFF.String, unicodeString('Итого')),
    formula(3, 2, [1, 0, 1, 0, 0, 0, 0xff, 0xff]),
    formula(3, 3, [2, 0, 0x2a, 0, 0, 0, 0xff, 0xff]),
    formula(3, 4, [3, 0, 0, 0, 0, 0, 0xff, 0xff]),
    ...chartSubstream(),
    record(BIFF.BoolErr, cell(4, 0), [1, 0]),
    record(BIFF.BoolErr, cell(4, 1), [0x07, 1]),
    record(BIFF.BoolErr, cell(4, 2), [0, 0]),
    labelSst(5, 0, 3),
    record(BIFF.Label, cell(6, 0), unicodeString('  \u00a0')),
    record(BIFF.Number, cell(6, 1, 4), f64(0.25)),
    record(BIFF.MergeCells, u16(2), u16(0), u16(0), u16(0), u16(1), u16(20), u16(21), u16(0), u16(0)),
  ],
};
const instructions: SheetSpec = { name: 'Инструкция', records: [labelSst(0, 0, 3)] };

/** The Workbook stream of a compound file, as the detection hands it over. */
function workbookStream(bytes: Buffer): Buffer {
  const detected = detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, 'book.xls');
  if (detected.format !== 'xls') throw new Error('not an .xls');
  return detected.stream;
}

describe('the BIFF8 scanner', () => {
  it('reads every kind of cell record, strings continued across records and cached formula results', () => {
    const stream = streamOf(
      [...styleRecords, ...sharedStrings],
      [{ ...instructions, hidden: true }, dataSheet],
    );
    const grid = readXlsSheet(stream, limits);
    expect(grid).toStrictEqual({
      rows: [
        { number: 1, cells: ['Фамилия', 'СНИЛС'] },
        { number: 2, cells: ['Ivanova-Петрова', 'Ёлкина', new SheetDate('2025-03-15'), 12_345, 12.34] },
        { number: 3, cells: [7, new SheetDate('2025-03-15'), 1.5] },
        { number: 4, cells: [42, 'Итого', true, new SheetError('#N/A')] },
        { number: 5, cells: [true, new SheetError('#DIV/0!'), false] },
        { number: 6, cells: ['abc'] },
        // eslint-disable-next-line no-sparse-arrays
        { number: 7, cells: [, 0.25] },
      ],
      merges: [{ top: 1, bottom: 1, left: 0, right: 1 }],
    });
  });

  it('gives the same grid as SheetJS for the same hand-built book', () => {
    const bytes = compoundFile({
      Workbook: streamOf([...styleRecords, ...sharedStrings], [{ ...instructions, hidden: true }, dataSheet]),
    });
    expect(comparable(readXlsSheet(workbookStream(bytes), limits))).toEqual(comparable(sheetJsGrid(bytes)));
  });

  it('reads the cached results of BIFF4 FORMULA records (0x0406) that some generators write into BIFF8', () => {
    const records = [
      formula(0, 0, [...f64(1234.5)], BIFF.Formula4),
      formula(0, 1, [0, 0, 0, 0, 0, 0, 0xff, 0xff], BIFF.Formula4),
      record(BIFF.String, unicodeString('Итого по СРО')),
      formula(0, 2, [1, 0, 1, 0, 0, 0, 0xff, 0xff], BIFF.Formula4),
      formula(0, 3, [2, 0, 0x07, 0, 0, 0, 0xff, 0xff], BIFF.Formula4),
    ];
    const stream = streamOf(styleRecords, [{ name: 'Данные', records }]);
    const expected = {
      rows: [{ number: 1, cells: [1234.5, 'Итого по СРО', true, new SheetError('#DIV/0!')] }],
      merges: [],
    };
    expect(readXlsSheet(stream, limits)).toStrictEqual(expected);
    expect(comparable(sheetJsGrid(compoundFile({ Workbook: stream })))).toEqual(comparable(expected));
    // BIFF4's own layout, without BIFF8's four bytes before the formula, gives its result the same way; SheetJS
    // never returns from reading that one, so it is held to the value alone.
    const biff4 = record(BIFF.Formula4, cell(0, 0), f64(7), u16(0), u16(0));
    expect(readXlsSheet(streamOf([], [{ name: 'Данные', records: [biff4] }]), limits).rows).toStrictEqual([
      { number: 1, cells: [7] },
    ]);
  });

  it('steps over an empty CONTINUE record inside a string, as SheetJS does (ExcelDataReader issue 467)', () => {
    const strings = [
      record(BIFF.Sst, u32(1), u32(1), u16(7), u8(1), utf16('Ива')),
      record(BIFF.Continue),
      record(BIFF.Continue, u8(1), utf16('нова')),
    ];
    const stream = streamOf(strings, [{ name: 'Данные', records: [labelSst(0, 0, 0)] }]);
    expect(readXlsSheet(stream, limits).rows).toStrictEqual([{ number: 1, cells: ['Иванова'] }]);
  });

  it('finds a sheet whose BOUNDSHEET points just past its BOF (ExcelDataReader issue 624)', () => {
    const stream = streamOf([...styleRecords, ...sharedStrings], [dataSheet, instructions]);
    const shifted = Buffer.from(stream);
    for (const [type, body] of records(shifted, 0)) {
      if (type === BIFF.Eof) break;
      // A BIFF8 BOF record is 20 bytes: its header and 16 of body.
      if (type === BIFF.BoundSheet) shifted.writeUInt32LE(shifted.readUInt32LE(body) + 20, body);
    }
    expect(readXlsSheet(shifted, limits)).toStrictEqual(readXlsSheet(stream, limits));
  });

  it('reads dates in the 1904 date system', () => {
    const stream = streamOf(
      [record(BIFF.DateMode, u16(1)), ...styleRecords],
      [{ name: 'Лист1', records: [record(BIFF.Number, cell(0, 0, 1), f64(44_269))] }],
    );
    expect(readXlsSheet(stream, limits).rows).toStrictEqual([
      { number: 1, cells: [new SheetDate('2025-03-15')] },
    ]);
  });

  it.each([
    ['one-byte characters', [u8(0), Buffer.from('DD.MM.YYYY', 'latin1')]],
    ['two-byte characters', [u8(1), utf16('DD.MM.YYYY'), u8(0)]],
  ])('reads a FORMAT record whose string, in %s, is a byte short of its count', (_, text) => {
    // The count says 11 characters; the record holds 10 (and, two bytes each, half of an eleventh).
    const styles = [record(BIFF.Format, u16(164), u16(11), ...text), xf(0), xf(164)];
    const stream = streamOf(styles, [
      { name: 'Лист1', records: [record(BIFF.Number, cell(0, 0, 1), f64(45_731))] },
    ]);
    expect(readXlsSheet(stream, limits).rows).toStrictEqual([
      { number: 1, cells: [new SheetDate('2025-03-15')] },
    ]);
  });

  it('takes the first visible sheet when none is named «Данные»', () => {
    const first = {
      name: 'Скрытый',
      hidden: true,
      records: [record(BIFF.Label, cell(0, 0), unicodeString('нет'))],
    };
    const second = { name: 'Лист2', records: [record(BIFF.Label, cell(0, 0), unicodeString('да'))] };
    expect(readXlsSheet(streamOf([], [first, second]), limits).rows).toStrictEqual([
      { number: 1, cells: ['да'] },
    ]);
  });

  it.each([
    ['SheetJS', () => xlsOf(sheetOf([sampleRow(), ...badCells.map((bad) => sampleRow(bad.overrides))]))],
    [
      'LibreOffice',
      () => readFile(new URL('../../../../test/change-files/office/libreoffice.xls', import.meta.url)),
    ],
    [
      'LibreOffice, 300 rows',
      () => readFile(new URL('../../../../test/change-files/office/libreoffice-rows.xls', import.meta.url)),
    ],
  ])('gives the same grid as SheetJS for a book written by %s', async (_, write) => {
    const bytes = await write();
    const grid = readXlsSheet(workbookStream(bytes), limits);
    expect(grid.rows.length).toBeGreaterThan(1);
    expect(comparable(grid)).toEqual(comparable(sheetJsGrid(bytes)));
  });
});

describe('the BIFF8 scanner refuses', () => {
  const sheet = (...records: Buffer[]) =>
    streamOf([...styleRecords, ...sharedStrings], [{ name: 'Данные', records }]);

  it('a sheet that declares more rows than allowed, before its cells', () => {
    const stream = sheet(record(BIFF.Dimensions, u32(0), u32(20_000), u16(0), u16(3), u16(0)));
    expect(refusalOf(() => readXlsSheet(stream, limits)).problems).toEqual([
      fileMessages.sheetTooTall(20_000, limits.maxRows),
    ]);
  });

  it('a sheet that declares more columns than allowed', () => {
    const stream = sheet(record(BIFF.Dimensions, u32(0), u32(2), u16(0), u16(256), u16(0)));
    expect(refusalOf(() => readXlsSheet(stream, { maxRows: 10, maxColumns: 100 })).problems).toEqual([
      fileMessages.tooManyColumns(256, 100),
    ]);
  });

  it('a filled cell beyond the allowed rows or columns, where it is met', () => {
    const lastRow = lastAllowedRow(limits);
    expect(refusalOf(() => readXlsSheet(sheet(labelSst(lastRow, 0, 0)), limits)).problems).toEqual([
      fileMessages.rowBeyondLimit(lastRow + 1, limits.maxRows),
    ]);
    const narrow = { maxRows: 10, maxColumns: 100 };
    expect(refusalOf(() => readXlsSheet(sheet(labelSst(0, 150, 0)), narrow)).problems).toEqual([
      fileMessages.columnBeyondLimit(columnLetters(150), 100),
    ]);
    // An empty cell out there is no reason to refuse.
    expect(readXlsSheet(sheet(record(BIFF.Label, cell(0, 150), unicodeString(' '))), narrow).rows).toEqual(
      [],
    );
  });

  it('a password-protected book', () => {
    const stream = streamOf([record(BIFF.FilePass, u16(0), u16(0x1234), u16(0x5678))], [dataSheet]);
    expect(refusalOf(() => readXlsSheet(stream, limits)).problems).toEqual([fileMessages.encrypted]);
  });

  it('a book without sheets, and a «Данные» that is a chart', () => {
    expect(refusalOf(() => readXlsSheet(streamOf([], []), limits)).problems).toEqual([fileMessages.noSheets]);
    const chart = streamOf([], [{ name: 'Данные', kind: 2, records: [] }]);
    expect(refusalOf(() => readXlsSheet(chart, limits)).problems).toEqual([fileMessages.noDataSheet]);
    // Without a «Данные», the first sheet is read in its place: the refusal says that sheet is no table.
    const firstChart = streamOf([], [{ name: 'Диаграмма1', kind: 2, records: [] }]);
    expect(refusalOf(() => readXlsSheet(firstChart, limits)).problems).toEqual([
      fileMessages.firstSheetNotTable,
    ]);
  });

  it.each([
    ['a stream cut before the sheet ends', () => sheet(labelSst(0, 0, 0)).subarray(0, -4)],
    [
      'a record longer than the stream',
      () => Buffer.concat([sheet().subarray(0, -4), u16(BIFF.Label), u16(500), u32(0)]),
    ],
    ['a shared string that does not exist', () => sheet(labelSst(0, 0, 99))],
    [
      'a shared string cut short',
      () =>
        streamOf(
          [record(BIFF.Sst, u32(1), u32(1), u16(10), u8(0), 'abc')],
          [{ name: 'Данные', records: [] }],
        ),
    ],
    [
      'a sheet that begins nowhere',
      () => {
        const stream = sheet();
        const bound = stream.indexOf(u16(BIFF.BoundSheet));
        stream.writeUInt32LE(stream.length + 100, bound + 4);
        return stream;
      },
    ],
  ])('as damaged: %s', (_, make) => {
    const refusal = refusalOf(() => readXlsSheet(make(), limits));
    expect(refusal.problems).toEqual([fileMessages.damaged]);
    expect(refusal.detail).toMatch(/^xls: /);
  });
});

describe('the BIFF8 scanner under random damage', () => {
  it('reads or refuses each of 1,000 corruptions of a real book, and never fails otherwise', async () => {
    const book = await readFile(
      new URL('../../../../test/change-files/office/libreoffice-rows.xls', import.meta.url),
    );
    const original = workbookStream(book);
    // A fixed sequence of pseudo-random numbers, so that a failure can be replayed.
    let seed = 20_261_122;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const outcomes = { read: 0, refused: 0 };
    for (let round = 0; round < 1000; round++) {
      const stream = Buffer.from(original);
      for (let flips = 1 + random(8); flips > 0; flips--) stream[random(stream.length)] = random(256);
      const damaged = round % 10 === 0 ? stream.subarray(0, random(stream.length)) : stream;
      try {
        readXlsSheet(damaged, limits);
        outcomes.read++;
      } catch (error) {
        if (!(error instanceof ChangeFileRefusal)) throw new Error(`round ${round}: ${String(error)}`);
        outcomes.refused++;
      }
    }
    expect(outcomes.read).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
