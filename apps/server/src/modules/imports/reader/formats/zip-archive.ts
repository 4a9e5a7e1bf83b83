import { crc32, inflateRawSync } from 'node:zlib';
import pako from 'pako';
import { ChangeFileRefusal, damaged, fileMessages } from '../../rows/change-file-messages.js';

/*
 * The zip container of an .xlsx, read from its central directory without inflating anything, so that a
 * zip bomb is refused by its declared sizes before a byte is unpacked. A part is then unpacked with
 * node:zlib bounded by its declared size, so an archive that lies about sizes fails instead of growing.
 */

export interface ZipEntry {
  /** The part name as stored, with backslashes as slashes and without a leading slash. */
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  /** Uncompressed size as the central directory declares it. */
  size: number;
  offset: number;
  dataStart: number;
}

export interface ZipArchive {
  /** Entries by lower-case name: part names in a package are case-insensitive. */
  entries: Map<string, ZipEntry>;
  /** The sum of every entry's declared uncompressed size. */
  declaredSize: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const STORED = 0;
const DEFLATED = 8;
// An .xlsx has a few dozen parts; thousands mean a crafted archive, and each costs a little to check.
const MAX_ENTRIES = 10_000;

/** True when the bytes start like a zip archive (a local file header, or the end record of an empty one). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** Reads the central directory and checks every entry against its local header; refuses a broken archive. */
export function readZipDirectory(bytes: Uint8Array): ZipArchive {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = findDirectory(view);
  const entries = new Map<string, ZipEntry>();
  let declaredSize = 0;
  let at = directory.offset;
  for (let i = 0; i < directory.count; i++) {
    const entry = readCentralEntry(view, bytes, at);
    at = entry.next;
    const key = entry.name.toLowerCase();
    if (entries.has(key)) throw damaged(`zip: duplicate entry ${entry.name}`);
    if (entry.dataStart + entry.compressedSize > directory.offset)
      throw damaged(`zip: ${entry.name} overruns`);
    entries.set(key, entry);
    declaredSize += entry.size;
  }
  checkNoOverlap([...entries.values()]);
  return { entries, declaredSize };
}

function findDirectory(view: DataView): { offset: number; count: number } {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) !== END_OF_DIRECTORY) continue;
    let count = view.getUint16(at + 10, true);
    let offset = view.getUint32(at + 16, true);
    if (count === 0xffff || offset === 0xffffffff) ({ count, offset } = readZip64End(view, at));
    if (count > MAX_ENTRIES) throw damaged(`zip: ${count} entries`);
    if (offset > at) throw damaged('zip: directory beyond its end record');
    return { offset, count };
  }
  throw damaged('zip: no end of central directory (truncated?)');
}

function readZip64End(view: DataView, endAt: number): { count: number; offset: number } {
  const locatorAt = endAt - 20;
  if (locatorAt < 0 || view.getUint32(locatorAt, true) !== ZIP64_LOCATOR) throw damaged('zip64: no locator');
  const recordAt = Number(view.getBigUint64(locatorAt + 8, true));
  if (recordAt + 56 > view.byteLength || view.getUint32(recordAt, true) !== ZIP64_END) {
    throw damaged('zip64: no end record');
  }
  return {
    count: Number(view.getBigUint64(recordAt + 32, true)),
    offset: Number(view.getBigUint64(recordAt + 48, true)),
  };
}

function readCentralEntry(view: DataView, bytes: Uint8Array, at: number): ZipEntry & { next: number } {
  if (at + 46 > view.byteLength || view.getUint32(at, true) !== CENTRAL_HEADER) {
    throw damaged('zip: bad central directory entry');
  }
  const flags = view.getUint16(at + 8, true);
  const method = view.getUint16(at + 10, true);
  const nameLength = view.getUint16(at + 28, true);
  const extraLength = view.getUint16(at + 30, true);
  const commentLength = view.getUint16(at + 32, true);
  const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
  // Some Windows tools write backslashes between folders, which the zip format forbids (APPNOTE 4.4.17.1);
  // the part is the same part, and the checks below then see its one name.
  const name = Buffer.from(nameBytes)
    .toString(flags & 0x800 ? 'utf8' : 'latin1')
    .replace(/\\/g, '/')
    .replace(/^\/+/, '');
  const sizes = {
    size: view.getUint32(at + 24, true),
    compressedSize: view.getUint32(at + 20, true),
    offset: view.getUint32(at + 42, true),
  };
  readZip64Sizes(view, at + 46 + nameLength, extraLength, sizes);
  // Bit 0: traditional encryption; bit 6: strong encryption. Excel never encrypts parts this way.
  if (flags & 0x41)
    throw new ChangeFileRefusal('content', [fileMessages.encrypted], `zip: ${name} encrypted`);
  if (method !== STORED && method !== DEFLATED) throw damaged(`zip: ${name} uses method ${method}`);
  return {
    name,
    method,
    crc: view.getUint32(at + 16, true),
    ...sizes,
    dataStart: localDataStart(view, sizes.offset, name),
    next: at + 46 + nameLength + extraLength + commentLength,
  };
}

/** Sizes of 0xffffffff in a central entry are given in its zip64 extra field, in this order. */
function readZip64Sizes(
  view: DataView,
  extraAt: number,
  extraLength: number,
  sizes: { size: number; compressedSize: number; offset: number },
) {
  const end = Math.min(extraAt + extraLength, view.byteLength);
  for (let at = extraAt; at + 4 <= end;) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      for (const key of ['size', 'compressedSize', 'offset'] as const) {
        if (sizes[key] !== 0xffffffff) continue;
        if (field + 8 > end) throw damaged('zip64: short extra field');
        sizes[key] = Number(view.getBigUint64(field, true));
        field += 8;
      }
    }
    at += 4 + length;
  }
}

function localDataStart(view: DataView, offset: number, name: string): number {
  if (offset + 30 > view.byteLength || view.getUint32(offset, true) !== LOCAL_HEADER) {
    throw damaged(`zip: no local header for ${name}`);
  }
  return offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
}

/** Entries that share bytes are how the smallest zip bombs are built; no writer of spreadsheets does that. */
function checkNoOverlap(entries: ZipEntry[]) {
  const sorted = entries.sort((a, b) => a.offset - b.offset);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    if (previous.dataStart + previous.compressedSize > sorted[i]!.offset) {
      throw damaged(`zip: ${previous.name} overlaps ${sorted[i]!.name}`);
    }
  }
}

/** Unpacks one entry, never beyond its declared size, and checks its CRC. */
export function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Buffer {
  const packed = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let data: Buffer;
  if (entry.method === STORED) {
    data = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  } else {
    try {
      data = inflateRawSync(packed, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      throw damaged(`zip: ${entry.name}: ${(error as Error).message}`);
    }
  }
  if (data.length !== entry.size || crc32(data) !== entry.crc)
    throw damaged(`zip: ${entry.name} size or crc`);
  return data;
}

// Compressed input given to the inflater at a time: deflate unpacks at most ~1,032 times its input, so one
// step yields a few megabytes at worst, in blocks of BLOCK_BYTES.
const INPUT_STEP = 4096;
const BLOCK_BYTES = 1 << 16;

/**
 * Unpacks one entry block by block, so that a part of any size is never held whole: never beyond its declared
 * size, its CRC checked at the end. node:zlib has no synchronous way to unpack in steps, and the reader is
 * synchronous (it runs in a worker of its own), hence pako.
 */
export function* inflateBlocks(bytes: Uint8Array, entry: ZipEntry): Generator<Buffer> {
  const packed = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let crc = 0;
  let size = 0;
  const checked = (block: Buffer) => {
    size += block.length;
    if (size > entry.size) throw damaged(`zip: ${entry.name} larger than declared`);
    crc = crc32(block, crc);
    return block;
  };
  if (entry.method === STORED) {
    for (let at = 0; at < packed.length; at += BLOCK_BYTES) {
      yield checked(
        Buffer.from(packed.buffer, packed.byteOffset + at, Math.min(BLOCK_BYTES, packed.length - at)),
      );
    }
  } else {
    const inflater = new pako.Inflate({ raw: true, chunkSize: BLOCK_BYTES });
    let blocks: Buffer[] = [];
    inflater.onData = (block: Uint8Array) =>
      blocks.push(Buffer.from(block.buffer, block.byteOffset, block.byteLength));
    for (let at = 0; at < packed.length || at === 0; at += INPUT_STEP) {
      const last = at + INPUT_STEP >= packed.length;
      inflater.push(packed.subarray(at, at + INPUT_STEP), last);
      if (inflater.err) throw damaged(`zip: ${entry.name}: ${inflater.msg}`);
      const ready = blocks;
      blocks = [];
      for (const block of ready) yield checked(block);
    }
  }
  if (size !== entry.size || crc !== entry.crc) throw damaged(`zip: ${entry.name} size or crc`);
}
