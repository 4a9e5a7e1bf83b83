import { describe, expect, it } from 'vitest';
import { fileMessages } from '../../rows/change-file-messages.js';
import { readChangeFile } from '../change-file-reader.js';
import { MAX_CELL_TEXT } from './sheet-grid.js';
import { MAX_SHARED_STRINGS, MAX_SHARED_STRING_CHARS } from './xlsx-shared-strings.js';
import { MAIN, inlineRow, packageOf, snilsFrom } from '../../../../test/change-files/workbooks.js';
import { testOptions } from '../../../../test/change-files/reader-options.js';

/*
 * Files within every size limit that once cost the reader far more memory than a valid file (issue #34,
 * item 6; `npm run bench:upload -- --memory-only` measures them): a sheet without a header row, read whole
 * before the header was looked for, and a shared-string table of millions of texts, kept whole. Each is
 * refused where its fault is known, and what follows is never read: a DTD put after that point, which
 * refuses any file whose reader reaches it, shows that the reader stopped before.
 */

// Any reader that reaches it refuses the file as unsafe.
const SENTINEL = '<!DOCTYPE stop [<!ENTITY stop "stop">]>';

const read = (book: Uint8Array, streamRows: boolean) =>
  readChangeFile(book, 'book.xlsx', testOptions({ streamRows }));

const modes = [
  ['read whole first', false],
  ['rows sent on as they are read', true],
] as const;

describe('a sheet without a header row', () => {
  const rows = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) =>
      inlineRow(from + i, ['Иванова', 'Мария', '112-233-445 95']),
    ).join('');

  it.each(modes)('is refused once its first ten rows are read (%s)', (_, streamRows) => {
    // Row 11 is handed on when row 12 begins: the reader knows the first ten rows whole there.
    const book = packageOf({ sheet: `${rows(1, 12)}${SENTINEL}${rows(13, 500)}` });
    expect(read(book, streamRows)).toMatchObject({ ok: false, problems: [fileMessages.noHeader] });
  });

  it.each(modes)('is refused at once when its header texts sit in no row at all (%s)', (_, streamRows) => {
    // «Фамилия» in the first ten rows, «СНИЛС» only below them: no header, whatever the merged ranges.
    const book = packageOf({
      sheet: `${inlineRow(2, ['Фамилия', 'Имя'])}${rows(3, 11)}${inlineRow(12, ['СНИЛС'])}${SENTINEL}`,
    });
    expect(read(book, streamRows)).toMatchObject({ ok: false, problems: [fileMessages.noHeader] });
  });

  it('is still looked for in the merged ranges when its texts are in the first ten rows', () => {
    // «Фамилия» merged down over rows 1–2 beside «СНИЛС» in row 2: the ranges, at the sheet's end, make it.
    const book = packageOf({
      sheet:
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>` +
        `${inlineRow(1, ['Фамилия', 'Данные'])}${inlineRow(2, [null, 'Имя', 'СНИЛС'])}` +
        Array.from({ length: 18 }, (_, k) =>
          inlineRow(3 + k, ['Иванова', 'Мария', snilsFrom(200_000_000 + k)]),
        ).join('') +
        `</sheetData><mergeCells count="1"><mergeCell ref="A1:A2"/></mergeCells></worksheet>`,
    });
    for (const [, streamRows] of modes) {
      const result = read(book, streamRows);
      expect(result.ok, JSON.stringify(result)).toBe(true);
    }
  });
});

describe('the shared-string table', () => {
  const table = (items: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">${items}</sst>`;
  const book = (strings: string) =>
    packageOf({
      sheet: inlineRow(1, ['Фамилия', 'Имя', 'СНИЛС']) + '<row r="2"><c r="A2" t="s"><v>0</v></c></row>',
      sharedStrings: strings,
    });
  const refusal = {
    ok: false,
    kind: 'too-large',
    problems: [fileMessages.tooManyTexts(MAX_SHARED_STRINGS, MAX_SHARED_STRING_CHARS)],
  };

  it(`is read up to ${MAX_SHARED_STRINGS.toLocaleString('en')} texts and refused at one more, the rest unread`, () => {
    const full = '<si><t>Иванова</t></si>'.repeat(MAX_SHARED_STRINGS);
    // The texts are read, and the sheet's second row (the first text, no SNILS) is the only problem.
    expect(read(book(table(full)), false)).toMatchObject({ ok: false, kind: 'content' });
    expect(read(book(table(`${full}<si/>${SENTINEL}`)), false)).toMatchObject(refusal);
  });

  it(`is refused past ${MAX_SHARED_STRING_CHARS.toLocaleString('en')} characters, the rest unread`, () => {
    const item = `<si><t>${'Я'.repeat(MAX_CELL_TEXT)}</t></si>`;
    const count = Math.ceil(MAX_SHARED_STRING_CHARS / MAX_CELL_TEXT);
    expect(read(book(table(item.repeat(count - 1))), false)).toMatchObject({ ok: false, kind: 'content' });
    expect(read(book(table(`${item.repeat(count)}${SENTINEL}`)), false)).toMatchObject(refusal);
  });
});
