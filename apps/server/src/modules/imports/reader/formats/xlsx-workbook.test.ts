import { describe, expect, it } from 'vitest';
import { fileMessages } from '../../rows/change-file-messages.js';
import { readChangeFile } from '../change-file-reader.js';
import { testOptions } from '../../../../test/change-files/reader-options.js';
import { MAIN, RELS, inlineRow, packageOf } from '../../../../test/change-files/workbooks.js';

/*
 * What a workbook's own part says before its sheet is read: which sheet is the data sheet, and in what
 * encoding its XML is written. A clerk is told what is true of the book, not another fault.
 */

const headers = ['Фамилия', 'Имя', 'СНИЛС'];
const minimalRow = ['Иванова', 'Мария', '112-233-445 95'];
const sheet = inlineRow(1, headers) + inlineRow(2, minimalRow);

const read = (bytes: Uint8Array, streamRows = false) =>
  readChangeFile(bytes, 'book.xlsx', testOptions({ streamRows }));

/** XML in UTF-16, either byte order, with or without a byte-order mark. */
function utf16(xml: string, order: 'le' | 'be', mark: boolean): Buffer {
  const littleEndian = Buffer.from(`${mark ? '\uFEFF' : ''}${xml}`, 'utf16le');
  return order === 'le' ? littleEndian : littleEndian.swap16();
}

describe('a workbook in UTF-16', () => {
  const workbook = `<?xml version="1.0" encoding="UTF-16"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets><sheet name="Данные" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  // A merged range in the header area, which rows sent on as they are read find by a pass of their own.
  const worksheet = `<?xml version="1.0" encoding="UTF-16"?><worksheet xmlns="${MAIN}"><sheetData>${sheet}</sheetData><mergeCells count="1"><mergeCell ref="D1:E1"/></mergeCells></worksheet>`;

  it.each([
    ['little-endian with a byte-order mark', 'le', true],
    ['little-endian without one', 'le', false],
    ['big-endian with a byte-order mark', 'be', true],
    ['big-endian without one', 'be', false],
  ] as const)('is read, %s', (_, order, mark) => {
    const book = packageOf({
      sheet: '',
      extraParts: [
        { name: 'xl/workbook.xml', data: utf16(workbook, order, mark) },
        { name: 'xl/worksheets/sheet1.xml', data: utf16(worksheet, order, mark) },
      ],
    });
    for (const streamRows of [false, true]) {
      const result = read(book, streamRows);
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      expect(result.rows.map((row) => row.PersonalInfo.LastName)).toEqual(['Иванова']);
    }
  });

  it('is read over the many blocks of a long part', () => {
    // Long enough to be unpacked in many blocks, each turned little-endian in its turn.
    const rows = Array.from({ length: 4000 }, (_, i) => inlineRow(i + 2, [`Иванова`, 'Мария', null])).join(
      '',
    );
    const long = `<?xml version="1.0" encoding="UTF-16"?><worksheet xmlns="${MAIN}"><sheetData>${inlineRow(1, headers)}${rows}</sheetData></worksheet>`;
    const book = packageOf({
      sheet: '',
      extraParts: [{ name: 'xl/worksheets/sheet1.xml', data: utf16(long, 'be', true) }],
    });
    const result = read(book);
    // Every row is read, without its SNILS: the rows' own problems, none of the file's.
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.kind).toBe('content');
    expect(result.problems[0]).toMatch(/^Строка 2, «СНИЛС»: /);
    expect(result.problems).toHaveLength(1001);
  });
});

describe('a workbook whose data sheet is not a table', () => {
  const book = (name: string, type: string) =>
    packageOf({
      sheet: '',
      sheets: `<sheet name="${name}" sheetId="1" r:id="rId4"/><sheet name="Лист2" sheetId="2" r:id="rId1"/>`,
      relationships: `<Relationship Id="rId4" Type="${RELS}/${type}" Target="${type}s/sheet1.xml"/>`,
      extraParts: [{ name: `xl/${type}s/sheet1.xml`, data: `<${type}/>` }],
    });

  it('says there is no sheet «Данные» when the first sheet, read for want of it, is a chart or a dialog', () => {
    for (const type of ['chartsheet', 'dialogsheet']) {
      const result = read(book('Диаграмма1', type));
      expect(result).toMatchObject({ ok: false, problems: [fileMessages.firstSheetNotTable] });
    }
  });

  it('says the sheet «Данные» is not a table when it is the chart', () => {
    expect(read(book('Данные', 'chartsheet'))).toMatchObject({
      ok: false,
      problems: [fileMessages.noDataSheet],
    });
  });
});
