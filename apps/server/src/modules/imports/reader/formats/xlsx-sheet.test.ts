import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type.js';
import { gridOf } from './sheet-grid.js';
import { openXlsxSheet } from './xlsx-sheet.js';
import { fileMessages } from '../../rows/change-file-messages.js';
import { badCells } from '../../../../test/change-files/bad-cells.js';
import { refusalOf } from '../../../../test/change-files/refusal.js';
import {
  MAIN,
  columnName,
  packageOf,
  sampleRow,
  sheetJsXlsxOf,
  sheetOf,
  withBackslashNames,
  xlsxOf,
} from '../../../../test/change-files/workbooks.js';
import { comparable, sheetJsGrid } from '../../../../test/change-files/sheetjs-grid.js';

const limits = { maxRows: 10_000, maxColumns: 200 };

function xlsxGrid(bytes: Uint8Array, mergesAhead = false) {
  const detected = detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, 'book.xlsx');
  if (detected.format !== 'xlsx') throw new Error('not an .xlsx');
  return gridOf(openXlsxSheet(bytes, detected.zip, limits, { mergesAhead }));
}

const rows = () => sheetOf([sampleRow(), ...badCells.map((bad) => sampleRow(bad.overrides))]);
const office = (name: string) =>
  readFile(new URL(`../../../../test/change-files/office/${name}`, import.meta.url));

/** Styles: 0 General, 1 a custom date format, 2 the built-in date format 14, 3 a percentage. */
const styles = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="DD.MM.YYYY"/></numFmts><cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="10"/></cellXfs></styleSheet>`;

// SheetJS finds the parts by their content types, which the smallest package leaves out but Excel writes.
const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${[
  ['workbook.xml', 'sheet.main'],
  ['worksheets/sheet1.xml', 'worksheet'],
  ['sharedStrings.xml', 'sharedStrings'],
  ['styles.xml', 'styles'],
]
  .map(
    ([part, type]) =>
      `<Override PartName="/xl/${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.${type}+xml"/>`,
  )
  .join('')}</Types>`;

/**
 * Every kind of cell SpreadsheetML has, written by hand: shared, inline, rich and formula strings, booleans,
 * errors, numbers under date and other formats, cells without references, a phonetic guide, a merged range.
 */
const handWritten = () =>
  packageOf({
    extraParts: [{ name: '[Content_Types].xml', data: contentTypes }],
    sharedStrings: `<sst xmlns="${MAIN}"><si><t>Фамилия</t></si><si><r><t>Ёл</t></r><r><t xml:space="preserve">кина </t></r></si><si><t>山田</t><rPh sb="0" eb="2"><t>ヤマダ</t></rPh></si></sst>`,
    styles,
    sheet: `<worksheet xmlns="${MAIN}"><dimension ref="A1:E5"/><sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>СНИЛС</t></is></c></row>
<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" s="1"><v>45731</v></c><c r="C2" s="2"><v>45731</v></c><c r="D2" s="3"><v>0.25</v></c><c r="E2"><v>12345</v></c></row>
<row r="3"><c r="A3" t="str"><f>A1</f><v>Итого</v></c><c r="B3" t="b"><v>1</v></c><c r="C3" t="b"><v>0</v></c><c r="D3" t="e"><v>#N/A</v></c><c r="E3" t="e"><v>#DIV/0!</v></c></row>
<row r="5"><c t="s"><v>2</v></c><c><v>1.5</v></c><c t="inlineStr"><is><r><t>a</t></r><r><t>b</t></r></is></c><c r="E5" t="inlineStr"><is><t> </t></is></c></row>
</sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells></worksheet>`,
  });

describe('the .xlsx scanner', () => {
  it.each([
    ['exceljs', () => xlsxOf(rows(), { merges: ['A1:B1'] })],
    [
      'exceljs, 1904 dates, after another sheet',
      () => xlsxOf(rows(), { date1904: true, sheetsBefore: { Инструкция: [['-']] } }),
    ],
    ['SheetJS', () => sheetJsXlsxOf(rows(), { merges: ['A1:B1'] })],
    ['SheetJS, 1904 dates', () => sheetJsXlsxOf(rows(), { date1904: true })],
    ['hand', handWritten],
    ['LibreOffice', () => office('libreoffice.xlsx')],
  ])('gives the same grid as SheetJS for a book written by %s', async (_, write) => {
    const bytes = await write();
    const grid = xlsxGrid(bytes);
    expect(grid.rows.length).toBeGreaterThan(1);
    expect(comparable(grid)).toEqual(comparable(sheetJsGrid(bytes)));
  });

  it('reads a package whose part names are written with backslashes, as some Windows tools write them', async () => {
    for (const bytes of [await xlsxOf(rows()), await office('libreoffice.xlsx')]) {
      const renamed = withBackslashNames(bytes);
      expect(renamed.includes('xl\\worksheets\\sheet1.xml')).toBe(true);
      expect(xlsxGrid(renamed)).toStrictEqual(xlsxGrid(bytes));
    }
  });
});

describe('cells the .xlsx scanner once misread', () => {
  it('reads a shared-string cell with an empty value as empty, not as the first string', () => {
    const bytes = packageOf({
      sharedStrings: ['Фамилия', 'Иванова'],
      sheet: `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v/></c></row>
<row r="2"><c r="A2" t="s"><v></v></c><c r="B2" t="s"><v>1</v></c></row>`,
    });
    expect(comparable(xlsxGrid(bytes))).toEqual({
      rows: [
        { number: 1, cells: ['Фамилия'] },
        { number: 2, cells: [null, 'Иванова'] },
      ],
      merges: [],
    });
  });
});

describe('line ends in cell text', () => {
  it('reads CR LF and a lone CR written in the XML as LF, as XML requires, and keeps the CRs a writer escaped', () => {
    const bytes = packageOf({
      sharedStrings: `<sst xmlns="${MAIN}"><si><t>общий\r\nтекст</t></si><si><r><t>в двух\r\n</t></r><r><t>частях</t></r></si></sst>`,
      sheet: `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>строка\r\nв ячейке</t></is></c></row>
<row r="2"><c r="A2" t="str"><f>A1</f><v>формула_x000D_\r\nстрока</v></c><c r="B2" t="inlineStr"><is><t>одиночный\rCR</t></is></c><c r="C2" t="inlineStr"><is><t>ссылки&#13;&#10;на символы</t></is></c></row>`,
    });
    expect(comparable(xlsxGrid(bytes))).toEqual({
      rows: [
        { number: 1, cells: ['общий\nтекст', 'в двух\nчастях', 'строка\nв ячейке'] },
        { number: 2, cells: ['формула\r\nстрока', 'одиночный\nCR', 'ссылки\r\nна символы'] },
      ],
      merges: [],
    });
  });
});

describe('text in CDATA sections', () => {
  it('reads inline, shared and formula strings written in CDATA as their text, markup and entities as written', () => {
    const bytes = packageOf({
      sharedStrings: `<sst xmlns="${MAIN}"><si><t><![CDATA[Фамилия & имя]]></t></si><si><r><t><![CDATA[Ёл]]></t></r><r><t>ки&amp;на</t></r></si></sst>`,
      sheet: `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v><![CDATA[1]]></v></c><c r="C1" t="inlineStr"><is><t><![CDATA[Hello CDATA]]></t></is></c></row>
<row r="2"><c r="A2" t="inlineStr"><is><t><![CDATA[<c r="Z9"><v>7</v></c></t></row>&amp;]]></t></is></c><c r="B2" t="str"><f>A1</f><v><![CDATA[формула]]></v></c><c r="C2"><v><![CDATA[12345]]></v></c></row>`,
    });
    expect(comparable(xlsxGrid(bytes))).toEqual({
      rows: [
        { number: 1, cells: ['Фамилия & имя', 'Ёлки&на', 'Hello CDATA'] },
        { number: 2, cells: ['<c r="Z9"><v>7</v></c></t></row>&amp;', 'формула', 12345] },
      ],
      merges: [],
    });
  });

  it('reads a CDATA section that holds closing row tags across the blocks a part is unpacked in', () => {
    const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
    const text = '</row>'.repeat(5000);
    const cdataRow = `<row r="2"><c r="A2" t="inlineStr"><is><t><![CDATA[${text}]]></t></is></c></row>`;
    // The comment after row 1 puts the section across the first 64 KB, where the first block ends.
    const before = `<row r="1"><c r="A1"><v>1</v></c></row>`;
    const filler = `<!--${'x'.repeat(2 ** 16 - head.length - before.length - cdataRow.length / 2)}-->`;
    const sheet = `${head}${before}${filler}${cdataRow}<row r="3"><c r="A3"><v>3</v></c></row></sheetData></worksheet>`;
    const grid = xlsxGrid(packageOf({ sheet }));
    expect(grid.rows.map((row) => row.number)).toEqual([1, 2, 3]);
    expect(grid.rows[1]!.cells).toEqual([text]);
  });
});

describe('merged ranges, found ahead of the rows when they are sent as read', () => {
  const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}" xmlns:x="${MAIN}"><sheetData>`;
  const dataRow = `<row r="1"><c r="A1" t="inlineStr"><is><t>Фамилия</t></is></c></row>`;
  // Ten rows of twenty ranges each, then ranges further down, which the header never looks at.
  const headerRanges = Array.from({ length: 10 }, (_, row) =>
    Array.from({ length: 20 }, (_, i) => `${columnName(2 * i)}${row + 1}:${columnName(2 * i + 1)}${row + 1}`),
  ).flat();
  const mergesXml = (prefix: string) =>
    `<${prefix}mergeCells count="${headerRanges.length + 1}">${headerRanges
      .map((ref) => `<${prefix}mergeCell ref="${ref}"/>`)
      .join('')}<${prefix}mergeCell ref="A20:B20"/></${prefix}mergeCells>`;
  const expected = headerRanges.map((ref) => {
    const [from, to] = ref.split(':').map((cell) => /^([A-Z]+)(\d+)$/.exec(cell)!);
    const column = (letters: string) =>
      [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0) - 1;
    return { top: Number(from![2]), left: column(from![1]!), bottom: Number(to![2]), right: column(to![1]!) };
  });

  function sheetWithMerges(prefix: string, shift: number) {
    // The comment puts the ranges across the first 64 KB, where the first unpacked block ends; each shift
    // moves that end one character further into a tag.
    const filler = `<!--${'x'.repeat(2 ** 16 - head.length - dataRow.length - 3000 + shift)}-->`;
    return `${head}${dataRow}${filler}</sheetData>${mergesXml(prefix)}</worksheet>`;
  }

  it('knows the header area’s ranges before the first row, wherever a block’s end cuts their tags', () => {
    for (const [prefix, shift] of [
      ...Array.from({ length: 40 }, (_, shift) => ['', shift] as const),
      ['x:', 7] as const,
    ]) {
      const bytes = packageOf({ sheet: sheetWithMerges(prefix, shift) });
      const detected = detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, 'book.xlsx');
      if (detected.format !== 'xlsx') throw new Error('not an .xlsx');
      expect(openXlsxSheet(bytes, detected.zip, limits, { mergesAhead: true }).merges).toEqual(expected);
      // The scan reads the same ranges, or it would refuse the book.
      expect(xlsxGrid(bytes, true).merges).toEqual(expected);
    }
  });

  it('finds a lone range whose tag a block’s end cuts anywhere, the rest of the sheet never made text', () => {
    const tag = '<mergeCell ref="A1:B1"/>';
    // Comments inside the list keep its own tags out of the blocks around the one the block's end cuts.
    const opening = `</sheetData><mergeCells><!--${'y'.repeat(400)}-->`;
    const closing = `<!--${'z'.repeat(2 ** 16)}--></mergeCells>`;
    const start = Buffer.byteLength(`${head}${dataRow}<!---->${opening}`);
    for (let cut = 0; cut <= tag.length; cut++) {
      const filler = `<!--${'x'.repeat(2 ** 16 - start - cut)}-->`;
      const sheet = `${head}${dataRow}${filler}${opening}${tag}${closing}</worksheet>`;
      // The first block ends `cut` bytes into the tag.
      expect(Buffer.byteLength(sheet.slice(0, sheet.indexOf(tag)))).toBe(2 ** 16 - cut);
      expect(xlsxGrid(packageOf({ sheet }), true).merges).toEqual([{ top: 1, left: 0, bottom: 1, right: 1 }]);
    }
  });

  it('refuses a book whose range hides in a CDATA section rather than look for its header with it', () => {
    const cell = `<c r="B1" t="inlineStr"><is><t><![CDATA[<mergeCell ref="A1:A3"/>]]></t></is></c>`;
    const sheet = `${head}${dataRow.replace('</row>', `${cell}</row>`)}</sheetData></worksheet>`;
    const refusal = refusalOf(() => xlsxGrid(packageOf({ sheet }), true));
    expect(refusal.problems).toEqual([fileMessages.damaged]);
    expect(refusal.detail).toBe('xlsx: merged ranges differ');
  });
});
