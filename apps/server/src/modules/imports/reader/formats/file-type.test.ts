import { describe, expect, it } from 'vitest';
import { fileMessages } from '../../rows/change-file-messages.js';
import { readCompoundFile } from './compound-file.js';
import { detectFileType } from './file-type.js';
import { readXlsSheet } from './xls-sheet.js';
import { gridOf } from './sheet-grid.js';
import { openXlsxSheet } from './xlsx-sheet.js';
import { BIFF, cell, f64, record, streamOf, unicodeString } from '../../../../test/change-files/biff8.js';
import {
  compoundFile,
  excel95Of,
  inlineRow,
  packageOf,
  sampleRow,
  sheetOf,
  zipOf,
} from '../../../../test/change-files/workbooks.js';
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

describe('a BIFF stream saved bare, without its compound file', () => {
  /** The book stream of a compound file, as some old systems write it alone. */
  function bareStream(file: Buffer): Buffer {
    const container = readCompoundFile(file);
    const entry = container.find('Workbook') ?? container.find('Book');
    return container.content(entry!);
  }

  it.each([
    ['BIFF5 written by SheetJS', () => bareStream(excel95Of(sheetOf([sampleRow()])))],
    ['BIFF4', () => withBof(0x0409, 0x0000)],
  ])('is refused as older than Excel 97 when it is %s, not as a file of unknown format', (_, make) => {
    expect(refusalOf(() => detect(make())).problems).toEqual([fileMessages.oldExcel]);
  });

  it('is read when it is BIFF8, as the same stream in a compound file', () => {
    expect(bareStream(compoundFile({ Workbook: book }))).toStrictEqual(book);
    expect(xlsGrid(book)).toStrictEqual(xlsGrid(compoundFile({ Workbook: book })));
  });
});

const TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** A package with one sheet, whose [Content_Types].xml and package relationships are as given. */
function packageWith(contentTypes: string, packageRels?: string) {
  const extraParts = [{ name: '[Content_Types].xml', data: contentTypes }];
  if (packageRels) extraParts.push({ name: '_rels/.rels', data: packageRels });
  return packageOf({ sheet: inlineRow(1, ['Фамилия', 'СНИЛС']), extraParts });
}

describe('the workbook of a package, found as Excel finds it', () => {
  it.each([
    [
      'a Default entry for .xml, the main document named with a leading slash',
      `<Types xmlns="${TYPES}"><Default Extension="xml" ContentType="${SHEET_TYPE}.sheet.main+xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SHEET_TYPE}.worksheet+xml"/></Types>`,
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/xl/workbook.xml" Id="R1"/></Relationships>`,
    ],
    [
      'elements under a namespace prefix, <ns0:Override>',
      `<ns0:Types xmlns:ns0="${TYPES}"><ns0:Default ContentType="application/xml" Extension="xml"/><ns0:Override ContentType="${SHEET_TYPE}.sheet.main+xml" PartName="/xl/workbook.xml"/></ns0:Types>`,
      undefined,
    ],
  ])('reads a package that declares its workbook by %s', (_, contentTypes, packageRels) => {
    const bytes = packageWith(contentTypes, packageRels);
    const detected = detect(bytes);
    if (detected.format !== 'xlsx') throw new Error('not an .xlsx');
    expect(gridOf(openXlsxSheet(bytes, detected.zip, limits)).rows).toStrictEqual([
      { number: 1, cells: ['Фамилия', 'СНИЛС'] },
    ]);
  });

  it('refuses a workbook with macros declared by a Default entry', () => {
    const bytes = packageWith(
      `<Types xmlns="${TYPES}"><Default Extension="xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>`,
    );
    expect(refusalOf(() => detect(bytes)).problems).toEqual([fileMessages.macros]);
  });

  it('takes a Default entry for the workbook only, not for every part of its extension', () => {
    const bytes = packageWith(
      `<Types xmlns="${TYPES}"><Default Extension="bin" ContentType="application/vnd.ms-excel.sheet.binary.macroEnabled.main"/><Override PartName="/xl/workbook.xml" ContentType="${SHEET_TYPE}.sheet.main+xml"/></Types>`,
    );
    expect(detect(bytes).format).toBe('xlsx');
  });

  it('still refuses a zip whose Default entry says workbook but which has none', () => {
    const bytes = zipOf([
      {
        name: '[Content_Types].xml',
        data: `<Types xmlns="${TYPES}"><Default Extension="xml" ContentType="${SHEET_TYPE}.sheet.main+xml"/></Types>`,
      },
      { name: 'notes.xml', data: '<notes/>' },
    ]);
    expect(refusalOf(() => detect(bytes)).problems).toEqual([
      fileMessages.notExcel('book.xls', 'ZIP-архив без книги'),
    ]);
  });
});
