// BIFF8's record layer: the record types, the walk from record to record, strings run on into CONTINUE records.
import { damaged } from '../../rows/change-file-messages.js';

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
  /** BIFF4's FORMULA, which some generators still write into BIFF8 books; its result is laid out as BIFF8's. */
  Formula4: 0x0406,
  Bof: 0x0809,
} as const;

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

/** A record's body with the CONTINUE records that follow it, read as one. */
export function withContinues(stream: Buffer, body: number, size: number): Segments {
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
export class Segments {
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
      // The next record goes on with the characters after its own flags byte; a byte left over, half a
      // character, is dropped. Some writers put an empty CONTINUE record between (ExcelDataReader's issue
      // 467): like SheetJS, the reader steps over it.
      this.at = this.end;
      if (this.atEnd()) throw damaged('xls: string data is cut');
      wide = this.stream[this.at++]! & 0x01;
    }
  }
}
