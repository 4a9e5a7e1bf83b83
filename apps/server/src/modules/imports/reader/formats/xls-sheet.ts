import { normalizeForSearch } from '@registry/shared';
import { ChangeFileRefusal, damaged, fileMessages } from '../change-file-messages.js';
import { trackHeap } from '../heap-peak.js';
import {
  HEADER_SEARCH_ROWS,
  SheetDate,
  SheetError,
  excelSerialToIso,
  isDateFormat,
  isFilled,
  keepCell,
  lastAllowedRow,
  type CellRange,
  type CellValue,
  type SheetGrid,
  type SheetLimits,
  type SheetRow,
} from './sheet-grid.js';

/*
 * Reads the data sheet of a BIFF8 Workbook stream (Excel 97–2003 .xls), record by record (MS-XLS §2.4):
 * the globals give the shared strings, the number formats of the cell styles, the date system and where
 * each sheet begins; the chosen sheet's substream gives its cells and merged ranges. Only cell values are
 * read: formulas give their cached results and are never evaluated, and pictures, charts, macros and
 * links are stepped over as records of no interest. The stream is already in memory and bounded by the
 * file's size limit; a cell beyond the row or column limit refuses the file where it is met. SheetJS reads
 * the same records several times slower (docs/decisions.md); the tests hold this scanner to its answers.
 */

const DATA_SHEET_NAME = 'данные';

/** The record types read (MS-XLS §2.3). */
export const Biff = {
  Formula: 0x0006,
  Eof: 0x000a,
  DateMode: 0x0022,
  FilePass: 0x002f,
  Continue: 0x003c,
  BoundSheet: 0x0085,
  MulRk: 0x00bd,
  Xf: 0x00e0,
  MergeCells: 0x00e5,
  Sst: 0x00fc,
  LabelSst: 0x00fd,
  Dimensions: 0x0200,
  Number: 0x0203,
  Label: 0x0204,
  BoolErr: 0x0205,
  String: 0x0207,
  Rk: 0x027e,
  Format: 0x041e,
  Bof: 0x0809,
} as const;

/** Error codes of BIFF error cells (MS-XLS §2.5.10). */
export const BIFF_ERROR_CODES: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

interface SheetEntry {
  name: string;
  /** Where the sheet's BOF record is in the stream. */
  offset: number;
  hidden: boolean;
  /** 0 is a worksheet; 1 a macro sheet, 2 a chart, 6 a VBA module. */
  kind: number;
}

interface Globals {
  strings: string[];
  /** Per cell style (XF), its number format's id. */
  styleFormats: number[];
  customFormats: Map<number, string>;
  date1904: boolean;
  sheets: SheetEntry[];
}

/**
 * Reads the data sheet («Данные», else the first visible sheet) into a grid, within the limits; `stream` is
 * the compound file's Workbook stream, which the file type's detection found to be BIFF8.
 */
export function readXlsSheet(stream: Buffer, limits: SheetLimits): SheetGrid {
  const globals = readGlobals(stream);
  trackHeap();
  const sheet = chooseSheet(globals.sheets);
  if (sheet.offset + 4 > stream.length || stream.readUInt16LE(sheet.offset) !== Biff.Bof) {
    throw damaged(`xls: sheet ${sheet.name} does not begin with BOF`);
  }
  return readSheet(stream, sheet.offset, globals, limits);
}

/**
 * The records from `offset` on: type, where the body starts, its size. The reader stops at the EOF that
 * closes its substream; running out of records before it means the stream is cut.
 */
export function* records(
  stream: Buffer,
  offset: number,
): Generator<[type: number, body: number, size: number]> {
  for (let at = offset; at + 4 <= stream.length;) {
    const type = stream.readUInt16LE(at);
    const size = stream.readUInt16LE(at + 2);
    const body = at + 4;
    if (body + size > stream.length) throw damaged(`xls: record 0x${type.toString(16)} at ${at} is cut`);
    yield [type, body, size];
    at = body + size;
  }
}

const cutStream = () => damaged('xls: substream without EOF');

const BIFF8_VERSION = 0x0600;

/** A BIFF8 stream begins with a BOF record of version 0x0600; Excel 5/95's BIFF5 says 0x0500. */
export function isBiff8(stream: Buffer): boolean {
  return (
    stream.length >= 8 && stream.readUInt16LE(0) === Biff.Bof && stream.readUInt16LE(4) === BIFF8_VERSION
  );
}

/**
 * An encrypted book, of any BIFF version, keeps its structure but has a FILEPASS record among the first
 * records of its globals; detection asks before it knows the version, the scanner refuses it in its globals.
 */
export function isEncryptedBiff(stream: Buffer): boolean {
  let seen = 0;
  for (const [type] of records(stream, 0)) {
    if (type === Biff.FilePass) return true;
    if (type === Biff.Eof || ++seen >= 1000) return false;
  }
  return false;
}

function readGlobals(stream: Buffer): Globals {
  const globals: Globals = {
    strings: [],
    styleFormats: [],
    customFormats: new Map(),
    date1904: false,
    sheets: [],
  };
  for (const [type, body, size] of records(stream, 0)) {
    switch (type) {
      case Biff.Eof:
        return globals;
      case Biff.FilePass:
        throw new ChangeFileRefusal('file-type', [fileMessages.encrypted]);
      case Biff.DateMode:
        globals.date1904 = size >= 2 && stream.readUInt16LE(body) === 1;
        break;
      case Biff.Format:
        if (size >= 5) {
          const text = new Segments(stream, body + 2, body + size);
          globals.customFormats.set(stream.readUInt16LE(body), text.unicodeString(text.u16()));
        }
        break;
      case Biff.Xf:
        if (size >= 4) globals.styleFormats.push(stream.readUInt16LE(body + 2));
        break;
      case Biff.BoundSheet:
        if (size >= 8) {
          const name = new Segments(stream, body + 6, body + size);
          globals.sheets.push({
            offset: stream.readUInt32LE(body),
            hidden: (stream[body + 4]! & 0x03) !== 0,
            kind: stream[body + 5]!,
            name: name.unicodeString(name.u8()),
          });
        }
        break;
      case Biff.Sst:
        globals.strings = readSharedStrings(withContinues(stream, body, size));
        break;
    }
  }
  throw cutStream();
}

/** The shared string table: a count, then the strings, continued across CONTINUE records. */
function readSharedStrings(sst: Segments): string[] {
  sst.skip(4); // the count of cells that use a shared string
  const unique = sst.u32();
  const strings: string[] = [];
  // A damaged count cannot make this loop longer than the records hold: each string takes bytes.
  while (strings.length < unique && !sst.atEnd()) strings.push(sst.richString());
  return strings;
}

/** The sheet named «Данные» (case and ё aside), else the first sheet a clerk can see. */
function chooseSheet(sheets: SheetEntry[]): SheetEntry {
  if (sheets.length === 0) throw new ChangeFileRefusal('content', [fileMessages.noSheets]);
  const chosen =
    sheets.find((sheet) => normalizeForSearch(sheet.name).trim() === DATA_SHEET_NAME) ??
    sheets.find((sheet) => !sheet.hidden) ??
    sheets[0]!;
  if (chosen.kind !== 0) throw new ChangeFileRefusal('content', [fileMessages.noDataSheet]);
  return chosen;
}

/** The cells of one sheet substream, kept by row as they are met, and its merged ranges. */
function readSheet(stream: Buffer, offset: number, globals: Globals, limits: SheetLimits): SheetGrid {
  const byRow: (SheetRow | undefined)[] = [];
  const merges: CellRange[] = [];
  const isDateStyle: (boolean | undefined)[] = [];
  // A string formula's text comes in the STRING record after it.
  let stringFormula: { row: number; column: number } | null = null;
  let rowCount = 0;
  let depth = 0;

  const put = (row: number, column: number, value: CellValue) => {
    if (!isFilled(value)) return;
    let sheetRow = byRow[row];
    if (!sheetRow) {
      byRow[row] = sheetRow = { number: row + 1, cells: [] };
      if (++rowCount % 1000 === 0) trackHeap();
    }
    keepCell(sheetRow, column, value, limits);
  };
  const number = (style: number, value: number): CellValue => {
    let isDate = isDateStyle[style];
    if (isDate === undefined) {
      const format = globals.styleFormats[style] ?? 0;
      isDateStyle[style] = isDate = isDateFormat(format, globals.customFormats.get(format));
    }
    const iso = isDate ? excelSerialToIso(value, globals.date1904) : null;
    return iso ? new SheetDate(iso) : value;
  };
  const u16 = (at: number) => stream.readUInt16LE(at);

  for (const [type, body, size] of records(stream, offset)) {
    // Charts and other objects embed substreams of their own, each from its BOF to its EOF.
    if (type === Biff.Bof) depth++;
    else if (type === Biff.Eof && --depth === 0) {
      return { rows: byRow.filter((row): row is SheetRow => row !== undefined), merges };
    }
    if (depth !== 1) continue;
    switch (type) {
      case Biff.Dimensions:
        if (size >= 12) checkDimensions(stream.readUInt32LE(body + 4), u16(body + 10), limits);
        break;
      case Biff.LabelSst:
        if (size >= 10) {
          const index = stream.readUInt32LE(body + 6);
          const text = globals.strings[index];
          if (text === undefined) throw damaged(`xls: shared string ${index}`);
          put(u16(body), u16(body + 2), text);
        }
        break;
      case Biff.Label:
        if (size >= 9) {
          const text = new Segments(stream, body + 6, body + size);
          put(u16(body), u16(body + 2), text.unicodeString(text.u16()));
        }
        break;
      case Biff.Number:
        if (size >= 14) put(u16(body), u16(body + 2), number(u16(body + 4), stream.readDoubleLE(body + 6)));
        break;
      case Biff.Rk:
        if (size >= 10) put(u16(body), u16(body + 2), number(u16(body + 4), rkValue(stream, body + 6)));
        break;
      case Biff.MulRk: {
        // The row, the first column, six bytes (style and RK) per cell, the last column.
        let column = size >= 4 ? u16(body + 2) : 0;
        for (let at = body + 4; at + 6 <= body + size - 2; at += 6, column++) {
          put(u16(body), column, number(u16(at), rkValue(stream, at + 2)));
        }
        break;
      }
      case Biff.BoolErr:
        if (size >= 8) {
          const value = stream[body + 6]!;
          put(u16(body), u16(body + 2), stream[body + 7] ? errorOf(value) : value !== 0);
        }
        break;
      case Biff.Formula: {
        if (size < 14) break;
        const [row, column] = [u16(body), u16(body + 2)];
        // A cached number fills all eight bytes; other results mark their last two bytes 0xFFFF.
        if (u16(body + 12) !== 0xffff) {
          put(row, column, number(u16(body + 4), stream.readDoubleLE(body + 6)));
          break;
        }
        const value = stream[body + 8]!;
        switch (stream[body + 6]) {
          case 0:
            stringFormula = { row, column };
            break;
          case 1:
            put(row, column, value !== 0);
            break;
          case 2:
            put(row, column, errorOf(value));
            break;
        }
        break;
      }
      case Biff.String:
        if (stringFormula && size >= 3) {
          const text = withContinues(stream, body, size);
          put(stringFormula.row, stringFormula.column, text.unicodeString(text.u16()));
        }
        stringFormula = null;
        break;
      case Biff.MergeCells: {
        const count = size >= 2 ? u16(body) : 0;
        for (let i = 0, at = body + 2; i < count && at + 8 <= body + size; i++, at += 8) {
          const top = u16(at) + 1;
          // Merges matter only where the header is looked for.
          if (top <= HEADER_SEARCH_ROWS) {
            merges.push({ top, bottom: u16(at + 2) + 1, left: u16(at + 4), right: u16(at + 6) });
          }
        }
        break;
      }
    }
  }
  throw cutStream();
}

/** The declared size of the sheet, so that one that says it is too big is refused before its cells. */
function checkDimensions(rowsEnd: number, columnsEnd: number, limits: SheetLimits) {
  if (rowsEnd > lastAllowedRow(limits)) {
    throw new ChangeFileRefusal('too-large', [fileMessages.sheetTooTall(rowsEnd, limits.maxRows)]);
  }
  if (columnsEnd > limits.maxColumns) {
    throw new ChangeFileRefusal('too-large', [fileMessages.tooManyColumns(columnsEnd, limits.maxColumns)]);
  }
}

function errorOf(code: number): SheetError {
  return new SheetError(BIFF_ERROR_CODES[code] ?? '#ERROR');
}

const rkBuffer = Buffer.alloc(8);

/** An RK number (MS-XLS §2.5.217): a 30-bit integer or the high bits of a double, perhaps divided by 100. */
function rkValue(stream: Buffer, at: number): number {
  const rk = stream.readInt32LE(at);
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    rkBuffer.writeInt32LE(0, 0);
    rkBuffer.writeInt32LE(rk & ~0x03, 4);
    value = rkBuffer.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

/** A record's body with the CONTINUE records that follow it, read as one. */
function withContinues(stream: Buffer, body: number, size: number): Segments {
  const segments = new Segments(stream, body, body + size);
  for (let at = body + size; at + 4 <= stream.length && stream.readUInt16LE(at) === Biff.Continue;) {
    const start = at + 4;
    const end = Math.min(start + stream.readUInt16LE(at + 2), stream.length);
    segments.add(start, end);
    at = end;
  }
  return segments;
}

/**
 * A record's body and its CONTINUE records read as one: a string's characters may run on into the next
 * CONTINUE record, which then begins with a fresh flags byte saying whether they are one or two bytes each.
 */
class Segments {
  private readonly parts: [start: number, end: number][] = [];
  private part = 0;
  private at: number;
  private end: number;

  constructor(
    private readonly stream: Buffer,
    start: number,
    end: number,
  ) {
    this.parts.push([start, end]);
    this.at = start;
    this.end = end;
  }

  add(start: number, end: number) {
    this.parts.push([start, end]);
  }

  atEnd(): boolean {
    while (this.at >= this.end) if (!this.nextPart()) return true;
    return false;
  }

  private nextPart(): boolean {
    const next = this.parts[this.part + 1];
    if (!next) return false;
    this.part++;
    [this.at, this.end] = next;
    return true;
  }

  private need(bytes: number) {
    if (this.atEnd() || this.at + bytes > this.end) throw damaged('xls: string data is cut');
  }

  u8(): number {
    this.need(1);
    return this.stream[this.at++]!;
  }

  u16(): number {
    this.need(2);
    const value = this.stream.readUInt16LE(this.at);
    this.at += 2;
    return value;
  }

  u32(): number {
    this.need(4);
    const value = this.stream.readUInt32LE(this.at);
    this.at += 4;
    return value;
  }

  /** Steps over bytes that may run across records (rich-text runs, phonetic data). */
  skip(bytes: number) {
    for (let left = bytes; left > 0;) {
      if (this.atEnd()) throw damaged('xls: string data is cut');
      const step = Math.min(left, this.end - this.at);
      this.at += step;
      left -= step;
    }
  }

  /** An XLUnicodeString's flags and characters, its count read already (MS-XLS §2.5.294). */
  unicodeString(count: number): string {
    return this.characters(count, this.u8() & 0x01);
  }

  /** An XLUnicodeRichExtendedString of the shared string table, without its formatting (MS-XLS §2.5.293). */
  richString(): string {
    const count = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const phonetic = flags & 0x04 ? this.u32() : 0;
    const text = this.characters(count, flags & 0x01);
    this.skip(runs * 4 + phonetic);
    return text;
  }

  private characters(count: number, wide: number): string {
    let text = '';
    for (let left = count; ;) {
      const width = wide ? 2 : 1;
      const fits = Math.min(left, Math.floor((this.end - this.at) / width));
      text += this.stream.toString(wide ? 'utf16le' : 'latin1', this.at, this.at + fits * width);
      this.at += fits * width;
      left -= fits;
      if (left === 0) return text;
      // The next record goes on with the characters after its own flags byte; an empty one is damage.
      if (!this.nextPart() || this.at >= this.end) throw damaged('xls: string data is cut');
      wide = this.stream[this.at++]! & 0x01;
    }
  }
}
