import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import type { BookOptions, Cell } from '../../fixtures/change-file-book.js';

/*
 * Spreadsheets for the reader's tests, made by code: honest ones through the libraries that office files
 * come from (exceljs for .xlsx, SheetJS for .xls), and hostile or odd ones through a small zip writer that
 * puts exactly the given parts, sizes and bytes into the archive.
 */

// The builders of honest files live beside the reader, so that the demo seed writes its uploads with them too.
export {
  sampleRow,
  sheetOf,
  snilsFrom,
  templateHeaders,
  xlsxOf,
  type BookOptions,
  type Cell,
  type RowValues,
} from '../../fixtures/change-file-book.js';

const DAY_MS = 86_400_000;

/** The serial number of a UTC date in the workbook's date system, as Excel stores it. */
function serialOf(date: Date, date1904: boolean): number {
  return (date.getTime() - Date.UTC(1899, 11, 30)) / DAY_MS - (date1904 ? 1462 : 0);
}

/** A workbook built by SheetJS; dates become date-formatted serial numbers, as Excel writes them. */
function sheetJsBook(rows: Cell[][], options: BookOptions): XLSX.WorkBook {
  const workbook = XLSX.utils.book_new();
  for (const [name, before] of Object.entries(options.sheetsBefore ?? {})) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(before), name);
  }
  const plain = rows.map((row) => row.map((value) => (value instanceof Date ? null : value)));
  const sheet = XLSX.utils.aoa_to_sheet(plain);
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (!(value instanceof Date)) return;
      const serial = serialOf(value, Boolean(options.date1904));
      sheet[XLSX.utils.encode_cell({ r, c })] = { t: 'n', v: serial, z: 'dd.mm.yyyy' };
    }),
  );
  if (options.merges) sheet['!merges'] = options.merges.map((range) => XLSX.utils.decode_range(range));
  if (options.formattedTo) {
    // SheetJS writes no style, but declares the sheet's extent as the range it is given.
    const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
    sheet['!ref'] = XLSX.utils.encode_range({ ...range, e: { ...range.e, r: options.formattedTo - 1 } });
  }
  XLSX.utils.book_append_sheet(workbook, sheet, options.sheetName ?? 'Данные');
  if (options.date1904) workbook.Workbook = { ...workbook.Workbook, WBProps: { date1904: true } };
  return workbook;
}

/** An .xls (BIFF8) written by SheetJS. */
export function xlsOf(rows: Cell[][], options: BookOptions = {}): Buffer {
  // Text in a shared string table, as Excel writes it (and without the 255-character limit of inline text).
  return XLSX.write(sheetJsBook(rows, options), {
    type: 'buffer',
    bookType: 'biff8',
    bookSST: true,
  }) as Buffer;
}

/** An OLE2 compound file with these streams, as Office writes encrypted books and .doc files. */
export function compoundFile(streams: Record<string, Uint8Array | string>): Buffer {
  const container = XLSX.CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) {
    XLSX.CFB.utils.cfb_add(
      container,
      `/${name}`,
      typeof content === 'string' ? Buffer.from(content) : content,
    );
  }
  return Buffer.from(XLSX.CFB.write(container, { type: 'buffer', fileType: 'cfb' }) as Uint8Array);
}

/** An Excel 5/95 .xls (BIFF5) written by SheetJS, as old systems still export them. */
export function excel95Of(rows: Cell[][]): Buffer {
  return XLSX.write(sheetJsBook(rows, {}), { type: 'buffer', bookType: 'biff5' }) as Buffer;
}

/** An .xlsx written by SheetJS, as web applications export them. */
export function sheetJsXlsxOf(rows: Cell[][], options: BookOptions = {}): Buffer {
  return XLSX.write(sheetJsBook(rows, options), { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export interface ZipPart {
  name: string;
  data: string | Uint8Array;
  /** Store without compression. */
  store?: boolean;
  /** Write this as the declared uncompressed size instead of the real one. */
  declaredSize?: number;
  /** Already deflated bytes with the size and CRC of what they inflate to (for very large parts). */
  prepacked?: { bytes: Uint8Array; size: number; crc: number };
}

/** A zip archive of exactly these parts, with sizes and CRCs as given or computed. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : Buffer.from(part.data);
    const packed = part.prepacked
      ? Buffer.from(part.prepacked.bytes)
      : part.store
        ? data
        : deflateRawSync(data);
    const name = Buffer.from(part.name, 'utf8');
    const size = part.declaredSize ?? part.prepacked?.size ?? data.length;
    const crc = part.prepacked?.crc ?? crc32(data);
    // The local header and the central entry hold the same fields, the central one two bytes further on.
    const header = (signature: number, length: number, fieldsAt: number) => {
      const buffer = Buffer.alloc(length);
      buffer.writeUInt32LE(signature, 0);
      buffer.writeUInt16LE(20, fieldsAt);
      buffer.writeUInt16LE(0x800, fieldsAt + 2);
      buffer.writeUInt16LE(part.store && !part.prepacked ? 0 : 8, fieldsAt + 4);
      buffer.writeUInt32LE(crc, fieldsAt + 10);
      buffer.writeUInt32LE(packed.length, fieldsAt + 14);
      buffer.writeUInt32LE(size, fieldsAt + 18);
      buffer.writeUInt16LE(name.length, fieldsAt + 22);
      return buffer;
    };
    const local = header(0x04034b50, 30, 4);
    const central = header(0x02014b50, 46, 6);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The archive with every part name's slashes written as backslashes, in the local headers and the central
 * directory, as some Windows tools write them; the names keep their length, so nothing else moves.
 */
export function withBackslashNames(zip: Uint8Array): Buffer {
  const bytes = Buffer.from(zip);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const backslashes = (at: number, length: number) => {
    for (let i = at; i < at + length; i++) if (bytes[i] === 0x2f) bytes[i] = 0x5c;
  };
  for (let i = 0, at = bytes.readUInt32LE(end + 16); i < bytes.readUInt16LE(end + 10); i++) {
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    backslashes(at + 46, nameLength);
    backslashes(local + 30, bytes.readUInt16LE(local + 26));
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return bytes;
}

export const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';

export interface PackageOptions {
  /** The `<sheetData>` content, or the whole worksheet part when it starts with `<?xml` or `<worksheet`. */
  sheet: string;
  sharedStrings?: string[] | string;
  /** Extra XML inside `<workbook>` before `<sheets>` (such as `<workbookPr date1904="1"/>`). */
  workbookPr?: string;
  /** Replaces the main part's content type. */
  mainContentType?: string;
  /** More parts; one named as a standard part replaces it. */
  extraParts?: ZipPart[];
  /** Extra `<Relationship>` elements of the workbook. */
  relationships?: string;
  /** Sheets listed in the workbook (the data sheet is sheet1.xml). */
  sheets?: string;
  styles?: string;
}

/** The smallest .xlsx package with the given sheet: the parts Excel needs and nothing else. */
export function packageOf(options: PackageOptions): Buffer {
  const worksheet = /^\s*<(\?xml|worksheet)/.test(options.sheet)
    ? options.sheet
    : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>${options.sheet}</sheetData></worksheet>`;
  const strings =
    typeof options.sharedStrings === 'string'
      ? options.sharedStrings
      : options.sharedStrings
        ? `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">${options.sharedStrings
            .map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`)
            .join('')}</sst>`
        : null;
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${options.mainContentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'}"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}">${options.workbookPr ?? ''}<sheets>${options.sheets ?? '<sheet name="Данные" sheetId="1" r:id="rId1"/>'}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${RELS}/styles" Target="styles.xml"/>${options.relationships ?? ''}</Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: worksheet },
  ];
  if (strings !== null) parts.push({ name: 'xl/sharedStrings.xml', data: strings });
  if (options.styles) parts.push({ name: 'xl/styles.xml', data: options.styles });
  // An extra part replaces the standard part of its name.
  const extra = options.extraParts ?? [];
  return zipOf([...parts.filter((part) => !extra.some((other) => other.name === part.name)), ...extra]);
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A row of inline-string cells for `packageOf`, with references. */
export function inlineRow(rowNumber: number, values: (string | number | null)[]): string {
  const cells = values
    .map((value, i) => {
      if (value === null) return '';
      const ref = `${columnName(i)}${rowNumber}`;
      return typeof value === 'number'
        ? `<c r="${ref}"><v>${value}</v></c>`
        : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
    })
    .join('');
  return `<row r="${rowNumber}">${cells}</row>`;
}

export function columnName(index: number): string {
  return XLSX.utils.encode_col(index);
}
