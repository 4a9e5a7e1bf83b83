import { crc32, deflateRawSync } from 'node:zlib';
import { MAIN, inlineRow, packageOf } from '../apps/server/src/test/change-files/workbooks.js';

/*
 * The hostile shapes of issue #34 that the upload's memory benchmark measures beside the 70-million-character
 * text of issue #25: files within every size limit (10 MB packed, 200 MB unpacked, 10,000 rows, 200 columns)
 * that once cost the reader far more memory than a valid file of 10,000 rows.
 */

const XML = '<?xml version="1.0" encoding="UTF-8"?>';

/** A part deflated once here, with its size and CRC, for `packageOf`'s extra parts. */
function packed(name: string, text: string) {
  const data = Buffer.from(text);
  return {
    name,
    data: '',
    prepacked: { bytes: deflateRawSync(data, { level: 9 }), size: data.length, crc: crc32(data) },
  };
}

/**
 * A sheet without a header row: 10,000 rows of 100 cells of text each (a different text in every cell),
 * which a reader that looks for the header only once the sheet is read holds whole.
 */
export function noHeaderFile(): Buffer {
  const rows: string[] = [];
  for (let row = 1; row <= 10_000; row++) {
    const texts = Array.from({ length: 100 }, (_, column) => `Строка ${row}, столбец ${column}`);
    rows.push(inlineRow(row, texts));
  }
  const sheet = `${XML}<worksheet xmlns="${MAIN}"><sheetData>${rows.join('')}</sheetData></worksheet>`;
  return packageOf({ sheet: '', extraParts: [packed('xl/worksheets/sheet1.xml', sheet)] });
}

/**
 * A valid header and one row over a shared-string table of `count` different texts, which a reader that keeps
 * the whole table holds whole, whatever the sheet uses of it: 2.5 million short texts, or a table just within
 * the reader's bounds (formats/xlsx-shared-strings.ts), each text 20 characters long.
 */
export function heavySharedStringsFile(count: number): Buffer {
  const items: string[] = [];
  for (let i = 0; i < count; i++) items.push(`<si><t>Текст ${String(i).padStart(14, '0')}</t></si>`);
  const strings = `${XML}<sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">${items.join('')}</sst>`;
  const sheet = `${XML}<worksheet xmlns="${MAIN}"><sheetData>${inlineRow(1, ['Фамилия', 'Имя', 'СНИЛС'])}<row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData></worksheet>`;
  return packageOf({
    sheet: '',
    extraParts: [packed('xl/worksheets/sheet1.xml', sheet), packed('xl/sharedStrings.xml', strings)],
  });
}
