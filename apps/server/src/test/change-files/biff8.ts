import { Biff } from '../../modules/imports/reader/formats/xls-sheet.js';

/*
 * BIFF8 Workbook streams built record by record, for what no writer at hand produces on demand: strings
 * that run on into CONTINUE records, cached formula results, RK numbers, charts inside a sheet, damaged
 * records. Record layouts are MS-XLS §2.4; `streamOf` places the sheets and fills in where each begins.
 */

/** The scanner's record types, and one it steps over. */
export const BIFF = { ...Biff, SharedFormula: 0x04bc } as const;

type Bytes = Buffer | number[] | string;

const bytesOf = (part: Bytes) =>
  typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part as number[]);

export const u8 = (value: number) => Buffer.from([value]);
export function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
}
export function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}
export function f64(value: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleLE(value);
  return buffer;
}
export const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/** A record: its type, its size, then its body. */
export function record(type: number, ...body: Bytes[]): Buffer {
  const data = Buffer.concat(body.map(bytesOf));
  return Buffer.concat([u16(type), u16(data.length), data]);
}

/** An XLUnicodeString with a 16-bit count: Latin-1 text compressed to one byte a character, other two. */
export function unicodeString(text: string): Buffer {
  // eslint-disable-next-line no-control-regex
  const compressed = /^[\u0000-\u00ff]*$/.test(text);
  const chars = compressed ? Buffer.from(text, 'latin1') : utf16(text);
  return Buffer.concat([u16(text.length), u8(compressed ? 0 : 1), chars]);
}

const bof = (kind: number) => record(BIFF.Bof, u16(0x0600), u16(kind), u16(0), u16(0), u32(0), u32(0));
export const eof = () => record(BIFF.Eof);
/** A cell record's row, column and style. */
export const cell = (row: number, column: number, style = 0) =>
  Buffer.concat([u16(row), u16(column), u16(style)]);

export interface SheetSpec {
  name: string;
  hidden?: boolean;
  /** 0 a worksheet, 2 a chart. */
  kind?: number;
  records: Buffer[];
}

/**
 * A Workbook stream: the globals' BOF, the given globals records, a BOUNDSHEET per sheet and EOF, then each
 * sheet's BOF, records and EOF.
 */
export function streamOf(globals: Buffer[], sheets: SheetSpec[]): Buffer {
  const boundSheet = (sheet: SheetSpec, offset: number) => {
    const name = unicodeString(sheet.name);
    // A ShortXLUnicodeString: an 8-bit count, then the flags and characters (the 16-bit count's high byte out).
    return record(
      BIFF.BoundSheet,
      u32(offset),
      u8(sheet.hidden ? 1 : 0),
      u8(sheet.kind ?? 0),
      name.subarray(0, 1),
      name.subarray(2),
    );
  };
  const head = Buffer.concat([bof(0x0005), ...globals]);
  const bounds = sheets.map((sheet) => boundSheet(sheet, 0));
  let offset = head.length + bounds.reduce((sum, bound) => sum + bound.length, 0) + eof().length;
  const bodies = sheets.map((sheet) => {
    const body = Buffer.concat([bof(0x0010), ...sheet.records, eof()]);
    const at = offset;
    offset += body.length;
    return { body, at };
  });
  return Buffer.concat([
    head,
    ...sheets.map((sheet, i) => boundSheet(sheet, bodies[i]!.at)),
    eof(),
    ...bodies.map(({ body }) => body),
  ]);
}

/** The records of an embedded chart: its own BOF, a record that looks like a cell, its EOF. */
export function chartSubstream(): Buffer[] {
  return [bof(0x0020), record(BIFF.Number, cell(0, 0), f64(999)), eof()];
}
