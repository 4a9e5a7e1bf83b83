import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { buildChangeFileTemplate } from '../../modules/imports/change-file-template.js';
import {
  cellProblem,
  fileMessages,
  type RefusalKind,
} from '../../modules/imports/rows/change-file-messages.js';
import { MAX_CELL_TEXT, columnLetters } from '../../modules/imports/reader/formats/sheet-grid.js';
import { badCells } from './bad-cells.js';
import {
  MAIN,
  compoundFile,
  excel95Of,
  RELS,
  inlineRow,
  packageOf,
  sampleRow,
  sheetOf,
  snilsFrom,
  sheetJsXlsxOf,
  xlsOf,
  xlsxOf,
  zipOf,
  type Cell,
} from './workbooks.js';

/*
 * The corpus of files the reader must survive: honest ones it reads and hostile, broken or foreign ones it
 * refuses, each with what the reader must answer. Generated, never downloaded:
 *   npx tsx apps/server/src/test/change-files/generate-corpus.ts DIR
 * writes them to DIR for a look with other tools; change-file-corpus.test.ts writes them to a temporary
 * directory and reads each in the bounded worker.
 */

export type Expectation =
  { rows: number; firstRow?: object } | { kind: RefusalKind; problems: (string | RegExp)[] };

export interface CorpusCase {
  file: string;
  what: string;
  expect: Expectation;
}

const MB = 2 ** 20;
const refusal = (kind: RefusalKind, ...problems: (string | RegExp)[]): Expectation => ({ kind, problems });
const notExcel = (what: string) => new RegExp(`не является книгой Excel — это ${what}:`);
const damaged = refusal('content', fileMessages.damaged);
const headers = ['Фамилия', 'Имя', 'СНИЛС'];
const minimalRow = ['Иванова', 'Мария', '112-233-445 95'];

function worksheet(sheetData: string, dimension?: string): string {
  const dimensionXml = dimension ? `<dimension ref="${dimension}"/>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}">${dimensionXml}<sheetData>${sheetData}</sheetData></worksheet>`;
}

/** An .xls whose globals carry a FILEPASS record (XOR obfuscation) right after BOF, as Excel writes it. */
function encryptedXls(): Buffer {
  const container = XLSX.CFB.read(xlsOf(sheetOf([sampleRow()])), { type: 'buffer' });
  const workbook = XLSX.CFB.find(container, 'Workbook') as { content: Buffer; size: number };
  const stream = Buffer.from(workbook.content);
  const bofEnd = 4 + stream.readUInt16LE(2);
  const filepass = Buffer.from([0x2f, 0x00, 0x06, 0x00, 0x00, 0x00, 0x34, 0x12, 0x78, 0x56]);
  workbook.content = Buffer.concat([stream.subarray(0, bofEnd), filepass, stream.subarray(bofEnd)]);
  workbook.size = workbook.content.length;
  return Buffer.from(XLSX.CFB.write(container, { type: 'buffer', fileType: 'cfb' }) as Uint8Array);
}

/** Two central entries pointing at one local entry: a few kilobytes that claim to hold far more. */
function overlappingZip(): Buffer {
  const zip = zipOf([
    { name: 'xl/worksheets/sheet1.xml', data: worksheet(inlineRow(1, headers)) },
    { name: 'xl/worksheets/sheet2.xml', data: worksheet(inlineRow(1, headers)) },
  ]);
  const directory = zip.readUInt32LE(zip.length - 6);
  const second = directory + 46 + zip.readUInt16LE(directory + 28);
  zip.writeUInt32LE(0, second + 42);
  return zip;
}

/** A [Content_Types].xml naming the main part's type. */
function contentTypes(partName: string, type: string): string {
  return `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="${partName}" ContentType="${type}"/></Types>`;
}

/** Writes every file of the corpus to `dir` and returns what the reader must answer for each. */
export async function writeCorpus(dir: string): Promise<CorpusCase[]> {
  const cases: CorpusCase[] = [];
  const add = async (file: string, what: string, bytes: Uint8Array | string, expect: Expectation) => {
    await writeFile(path.join(dir, file), bytes);
    cases.push({ file, what, expect });
  };
  const sample = sheetOf([sampleRow()]);
  const template = await buildChangeFileTemplate();
  const billion = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`);

  // Honest files the reader reads.
  await add('template.xlsx', 'the template as served, sample row and all', template, { rows: 1 });
  await add('sample.xls', 'the sample row in a BIFF8 .xls', xlsOf(sample), { rows: 1 });
  await add(
    'sheetjs.xlsx',
    'an .xlsx exported by a web application through SheetJS, its defaults naming every kind of part',
    sheetJsXlsxOf(sample),
    { rows: 1, firstRow: { PersonalInfo: { DateOfBirth: '1995-04-12' } } },
  );
  await add('date1904.xlsx', 'dates in the 1904 date system', await xlsxOf(sample, { date1904: true }), {
    rows: 1,
    firstRow: { PersonalInfo: { DateOfBirth: '1995-04-12' } },
  });
  await add('date1904.xls', 'an .xls in the 1904 date system', xlsOf(sample, { date1904: true }), {
    rows: 1,
    firstRow: { PersonalInfo: { DateOfBirth: '1995-04-12' } },
  });
  await add(
    'snils-as-number.xlsx',
    'a SNILS typed as a number that lost its leading zero',
    await xlsxOf(sheetOf([sampleRow({ СНИЛС: Number(snilsFrom(12_345_678).replace(/\D/g, '')) })])),
    { rows: 1, firstRow: { PersonalInfo: { Snils: snilsFrom(12_345_678) } } },
  );
  await add(
    'data-sheet-second.xls',
    'the sheet «Данные» after an instructions sheet',
    xlsOf(sample, { sheetsBefore: { Инструкция: [['Заполните лист «Данные»']] } }),
    { rows: 1 },
  );
  await add(
    'odd-package.xlsx',
    'a generator’s dialect: x: prefixes, no cell references, rich and phonetic shared strings, a BOM',
    packageOf({
      sheet:
        `\uFEFF<?xml version="1.0"?><x:worksheet xmlns:x="${MAIN}"><x:sheetData>` +
        `<x:row><x:c t='s'><x:v>0</x:v></x:c><x:c t="s"><x:v>1</x:v></x:c><x:c t="s"><x:v>2</x:v></x:c></x:row>` +
        `<x:row><x:c t="s"><x:v>3</x:v></x:c><x:c t="inlineStr"><x:is><x:t>Мария</x:t></x:is></x:c><x:c><x:v>11223344595</x:v></x:c></x:row>` +
        `</x:sheetData></x:worksheet>`,
      sharedStrings:
        `<?xml version="1.0"?><sst xmlns="${MAIN}"><si><r><t>Фами</t></r><r><rPr><b/></rPr><t>лия</t></r></si>` +
        `<si><t>Имя</t></si><si><t>СНИЛС</t></si><si><t>Иванова</t><rPh sb="0" eb="1"><t>イワノワ</t></rPh></si></sst>`,
    }),
    {
      rows: 1,
      firstRow: { PersonalInfo: { LastName: 'Иванова', FirstName: 'Мария', Snils: '112-233-445 95' } },
    },
  );
  await add(
    'formulas.xlsx',
    'formulas with cached values, and a link to another book that is never followed',
    packageOf({
      sheet:
        inlineRow(1, [...headers, 'Продолжительность стажировки, мес.']) +
        '<row r="2"><c r="A2" t="str"><f>[1]Лист1!A1</f><v>Иванова</v></c><c r="B2" t="inlineStr"><is><t>Мария</t></is></c>' +
        '<c r="C2" t="inlineStr"><is><t>112-233-445 95</t></is></c><c r="D2"><f>12*2</f><v>24</v></c></row>',
      relationships: `<Relationship Id="rId9" Type="${RELS}/externalLink" Target="externalLinks/externalLink1.xml"/>`,
      extraParts: [
        { name: 'xl/externalLinks/externalLink1.xml', data: '<externalLink/>' },
        {
          name: 'xl/externalLinks/_rels/externalLink1.xml.rels',
          data: `<Relationships><Relationship Id="rId1" Type="${RELS}/externalLinkPath" Target="file:///C:/secret.xlsx" TargetMode="External"/></Relationships>`,
        },
      ],
    }),
    { rows: 1, firstRow: { PersonalInfo: { LastName: 'Иванова' }, Internship: { Duration: 24 } } },
  );

  // Foreign formats under an Excel name.
  await add('empty.xlsx', 'an empty file', '', refusal('content', fileMessages.empty));
  const docx = zipOf([
    {
      name: '[Content_Types].xml',
      data: contentTypes(
        '/word/document.xml',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ),
    },
    { name: 'word/document.xml', data: '<w:document/>' },
  ]);
  // [file, what it is, its bytes, what the refusal must call it]
  const foreign: [string, string, Uint8Array | string, string][] = [
    [
      'csv.xls',
      'CSV saved with an .xls name',
      'Фамилия;Имя;СНИЛС\r\nИванова;Мария;112-233-445 95\r\n',
      'текст с разделителями \\(CSV\\)',
    ],
    [
      'csv.xlsx',
      'CSV saved with an .xlsx name',
      'Фамилия,Имя,СНИЛС\nИванова,Мария,11223344595\n',
      'текст с разделителями \\(CSV\\)',
    ],
    [
      'html.xls',
      'the HTML table old systems export as «Excel»',
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><table><tr><td>Фамилия</td><td>СНИЛС</td></tr></table></body></html>',
      'веб-страница \\(HTML\\)',
    ],
    [
      'html.xlsx',
      'a web page saved as .xlsx',
      '<!DOCTYPE html><html><body><table></table></body></html>',
      'веб-страница \\(HTML\\)',
    ],
    ['text.xlsx', 'plain text', 'Список стажёров\nИванова Мария\n', 'текстовый файл'],
    ['document.pdf.xlsx', 'a PDF', '%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'PDF-документ'],
    [
      'picture.xls',
      'a PNG picture',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'изображение',
    ],
    [
      'random.xlsx',
      'random bytes',
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)),
      'файл неизвестного формата',
    ],
    ['word.xls', 'a Word 97 .doc', compoundFile({ WordDocument: 'text' }), 'документ Word'],
    ['word.xlsx', 'a Word .docx', docx, 'документ Word'],
    ['archive.xlsx', 'a zip of other files', zipOf([{ name: 'readme.txt', data: 'hello' }]), 'ZIP-архив'],
  ];
  for (const [file, what, bytes, named] of foreign)
    await add(file, what, bytes, refusal('file-type', notExcel(named)));
  await add(
    'spreadsheet-2003.xls',
    'an Excel 2003 XML spreadsheet',
    '<?xml version="1.0"?><?mso-application progid="Excel.Sheet"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"></Workbook>',
    refusal('file-type', fileMessages.spreadsheetXml),
  );
  await add(
    'excel95.xls',
    'an Excel 5/95 book (BIFF5), its text in a code page',
    excel95Of(sample),
    refusal('file-type', fileMessages.oldExcel),
  );
  await add(
    'biff4.xls',
    'an Excel 4 worksheet (BIFF4)',
    Buffer.from([0x09, 0x04, 0x06, 0x00, 0x00, 0x00, 0x10, 0x00, 0, 0]),
    refusal('file-type', fileMessages.oldExcel),
  );
  await add(
    'opendocument.xlsx',
    'an OpenDocument spreadsheet (.ods) renamed',
    zipOf([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet', store: true },
      { name: 'content.xml', data: '<office:document-content/>' },
    ]),
    refusal('file-type', fileMessages.openDocument),
  );
  await add(
    'macros.xlsm',
    'a book with macros',
    packageOf({
      sheet: inlineRow(1, headers) + inlineRow(2, minimalRow),
      mainContentType: 'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
      extraParts: [{ name: 'xl/vbaProject.bin', data: Buffer.from('Attribute VB_Name = "Module1"') }],
    }),
    refusal('file-type', fileMessages.macros),
  );
  await add(
    'binary.xlsb',
    'a binary workbook',
    zipOf([
      {
        name: '[Content_Types].xml',
        data: contentTypes('/xl/workbook.bin', 'application/vnd.ms-excel.sheet.binary.macroEnabled.main'),
      },
      { name: 'xl/workbook.bin', data: Buffer.from([0x83, 0x01, 0x00]) },
    ]),
    refusal('file-type', fileMessages.binaryWorkbook),
  );

  // Protected, damaged and broken books.
  await add(
    'encrypted.xlsx',
    'a password-protected .xlsx (an OLE2 file with the encrypted package)',
    compoundFile({
      EncryptionInfo: Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]),
      EncryptedPackage: Buffer.alloc(4096, 7),
    }),
    refusal('file-type', fileMessages.encrypted),
  );
  await add(
    'encrypted.xls',
    'a password-protected .xls',
    encryptedXls(),
    refusal('file-type', fileMessages.encrypted),
  );
  await add('truncated.xlsx', 'an .xlsx cut in half', template.subarray(0, template.length >> 1), damaged);
  await add('truncated.xls', 'an .xls cut in half', xlsOf(sample).subarray(0, 2600), damaged);
  await add(
    'deflate64.xlsx',
    'a part compressed with a method Excel never uses',
    (() => {
      const zip = packageOf({ sheet: inlineRow(1, headers) });
      const directory = zip.readUInt32LE(zip.length - 6);
      zip.writeUInt16LE(9, directory + 10);
      return zip;
    })(),
    damaged,
  );
  await add(
    'bad-shared-string.xlsx',
    'a cell pointing past the shared strings',
    packageOf({ sheet: '<row r="1"><c r="A1" t="s"><v>99</v></c></row>', sharedStrings: ['Фамилия'] }),
    damaged,
  );
  await add(
    'rows-backwards.xlsx',
    'rows in descending order',
    packageOf({ sheet: inlineRow(2, headers) + inlineRow(1, minimalRow) }),
    damaged,
  );
  await add(
    'no-sheets.xlsx',
    'a workbook with no sheets',
    packageOf({ sheet: '', sheets: '' }),
    refusal('content', fileMessages.noSheets),
  );
  await add(
    'chart-only.xlsx',
    'a workbook whose only sheet is a chart',
    packageOf({
      sheet: '',
      sheets: '<sheet name="Диаграмма1" sheetId="1" r:id="rId4"/>',
      relationships: `<Relationship Id="rId4" Type="${RELS}/chartsheet" Target="chartsheets/sheet1.xml"/>`,
      extraParts: [{ name: 'xl/chartsheets/sheet1.xml', data: '<chartsheet/>' }],
    }),
    refusal('content', fileMessages.firstSheetNotTable),
  );

  // Hostile books: bombs, entities, and sheets far beyond the limits.
  // 10 MB of zeros deflate to 10 KB: the body of every bomb below, made once.
  const zeros = {
    bytes: deflateRawSync(Buffer.alloc(10 * MB)),
    size: 10 * MB,
    crc: crc32(Buffer.alloc(10 * MB)),
  };
  await add(
    'zip-bomb.xlsx',
    'parts that would unpack to 2 GB, refused by their declared sizes before any is inflated',
    packageOf({
      sheet: inlineRow(1, headers),
      extraParts: Array.from({ length: 200 }, (_, i) => ({
        name: `xl/media/padding${i}.bin`,
        data: '',
        prepacked: zeros,
      })),
    }),
    refusal('too-large', /^После распаковки книга заняла бы 2\s000 МБ при допустимых 200 МБ/),
  );
  await add(
    'zip-bomb-lying.xlsx',
    'a sheet that declares 2 KB and inflates to 10 MB',
    packageOf({
      sheet: '',
      extraParts: [{ name: 'xl/worksheets/sheet1.xml', data: '', prepacked: { ...zeros, size: 2048 } }],
    }),
    damaged,
  );
  await add('zip-overlap.xlsx', 'two entries sharing one compressed body', overlappingZip(), damaged);
  await add(
    'billion-laughs.xlsx',
    'XML entity expansion in the shared strings',
    packageOf({
      sheet: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
      sharedStrings: `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY lol0 "lol">${billion.join('')}]><sst xmlns="${MAIN}"><si><t>&lol9;</t></si></sst>`,
    }),
    refusal('content', fileMessages.unsafeXml),
  );
  await add(
    'external-entity.xlsx',
    'an external entity that would read a server file',
    packageOf({
      sheet: `<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&xxe;</t></is></c></row></sheetData></worksheet>`,
    }),
    refusal('content', fileMessages.unsafeXml),
  );
  // Rows may leave out their numbers (each is the one after the last), so a million rows is one string repeated.
  const millionRows = inlineRow(1, headers) + '<row><c><v>1</v></c></row>'.repeat(1_000_000);
  await add(
    'million-rows.xlsx',
    'a sheet of 1,000,000 rows that says so in its dimension',
    packageOf({ sheet: worksheet(millionRows, 'A1:C1000001') }),
    refusal('too-large', fileMessages.sheetTooTall(1_000_001, 10_000)),
  );
  await add(
    'million-rows-undeclared.xlsx',
    'a sheet of 1,000,000 rows without a dimension, stopped at the first row past the limit',
    packageOf({ sheet: worksheet(millionRows) }),
    refusal('too-large', fileMessages.rowBeyondLimit(10_011, 10_000)),
  );
  const wideRow = `<row r="1">${Array.from({ length: 16_384 }, (_, i) => `<c r="${XLSX.utils.encode_col(i)}1"><v>${i}</v></c>`).join('')}</row>`;
  await add(
    '16384-columns.xlsx',
    'a row of 16,384 columns, declared',
    packageOf({ sheet: worksheet(wideRow, 'A1:XFD1') }),
    refusal('too-large', fileMessages.tooManyColumns(16_384, 200)),
  );
  await add(
    '16384-columns-undeclared.xlsx',
    'a row of 16,384 columns, undeclared',
    packageOf({ sheet: worksheet(wideRow) }),
    refusal('too-large', fileMessages.columnBeyondLimit('GS', 200)),
  );
  // The row limit counts rows before anything is read from them, so numbers will do.
  const tallSheet: Cell[][] = [headers, ...Array.from({ length: 10_001 }, (_, i) => [i, i, i])];
  await add(
    '10001-rows.xlsx',
    'one data row more than allowed',
    packageOf({ sheet: tallSheet.map((row, i) => inlineRow(i + 1, row as (string | number)[])).join('') }),
    refusal('too-large', fileMessages.tooManyRows(10_001, 10_000)),
  );
  await add(
    '50mb.xlsx',
    'a 50 MB file',
    Buffer.alloc(50 * MB, 0x50),
    refusal('too-large', /^Файл занимает 50 МБ, а допускается не более 10 МБ/),
  );
  await add(
    'huge-cell.xlsx',
    'a cell of 5 million characters',
    packageOf({
      sheet:
        inlineRow(1, [...headers, 'Паспорт: кем выдан']) +
        inlineRow(2, [...minimalRow, 'Я'.repeat(5_000_000)]),
    }),
    // More than a cell of Excel holds: refused while it is read, before the text is built.
    refusal('too-large', fileMessages.cellTextTooLong(2, columnLetters(headers.length), MAX_CELL_TEXT)),
  );
  await add(
    'tag-soup.xlsx',
    'a sheet of unterminated tags',
    packageOf({ sheet: `<row r="1"><c r="A1" s="${'9'.repeat(1_000_000)}` }),
    // A tag no writer of spreadsheets makes: waiting for its end would hold any length of it.
    damaged,
  );

  // Honest structure, wrong content.
  await add(
    'header-only.xlsx',
    'headers and no rows',
    await xlsxOf(sheetOf([])),
    refusal('content', fileMessages.noRows),
  );
  await add(
    'no-header.xlsx',
    'a table without the template’s headers',
    await xlsxOf([
      ['ФИО', 'Документ'],
      ['Иванова Мария', '112-233-445 95'],
    ]),
    refusal('content', fileMessages.noHeader),
  );
  await add(
    'missing-column.xls',
    'no «Имя» column',
    xlsOf([
      ['Фамилия', 'СНИЛС'],
      ['Иванова', '112-233-445 95'],
    ]),
    refusal('content', fileMessages.missingColumn('Имя')),
  );
  await add(
    'duplicate-headers.xlsx',
    'the column «СНИЛС» twice',
    await xlsxOf([
      [...headers, 'снилс*'],
      [...minimalRow, '112-233-445 95'],
    ]),
    refusal('content', fileMessages.duplicateColumn('СНИЛС', ['C', 'D'])),
  );
  await add(
    'duplicate-snils.xlsx',
    'two rows with one SNILS',
    await xlsxOf([headers, minimalRow, ['Петрова', 'Анна', 11223344595]]),
    refusal('content', 'Строка 3, «СНИЛС»: такой же СНИЛС в строке 2'),
  );
  await add(
    'formula-error.xlsx',
    'a formula whose cached value is an error',
    packageOf({
      sheet:
        inlineRow(1, headers) +
        '<row r="2"><c r="A2" t="e"><f>#REF!</f><v>#REF!</v></c><c r="B2" t="inlineStr"><is><t>Мария</t></is></c><c r="C2" t="inlineStr"><is><t>112-233-445 95</t></is></c></row>',
    }),
    refusal('content', 'Строка 2, «Фамилия»: ошибка формулы #REF! — исправьте формулу или впишите значение'),
  );
  // Each row has its own SNILS and internship number unless its rule is about them, so that the only
  // problem of a row is its rule's.
  const badRows = badCells.map(({ overrides }, i) =>
    sampleRow({
      СНИЛС: snilsFrom(700_000_000 + i),
      'Уникальный идентификационный номер стажировки': `П-${i}`,
      ...overrides,
    }),
  );
  const badLines = badCells.map(({ header, message }, i) => cellProblem(i + 2, header, message));
  await add(
    'bad-cells.xlsx',
    `a row for each reading rule, ${badCells.length} in all, each with its bad cell`,
    await xlsxOf(sheetOf(badRows)),
    refusal('content', ...badLines),
  );
  await add(
    'bad-cells.xls',
    'the same rows in an .xls',
    xlsOf(sheetOf(badRows)),
    refusal('content', ...badLines),
  );
  return cases;
}

// As a script: write the corpus to the directory given.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = path.resolve(process.argv[2] ?? 'change-file-corpus');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  const cases = await writeCorpus(dir);
  for (const item of cases) console.log(`${item.file}\t${item.what}`);
  console.log(`${cases.length} files in ${dir}`);
}
