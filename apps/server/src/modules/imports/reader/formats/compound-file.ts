import { damaged } from '../../rows/change-file-messages.js';

/*
 * An OLE2 compound file (MS-CFB), read only as far as the .xls detection needs: the directory's entries by
 * name and a stream's bytes. Every sector chain comes from the file and may be hostile: a chain that loops
 * or leaves the file refuses the file as damaged, and no walk takes more steps than the file has sectors,
 * so a 25 KB file can never make the reader loop or grow memory without end (SheetJS's CFB reader did).
 * Where a chain merely ends early, the stream is what it holds, as SheetJS gives it.
 */

/** Special sector numbers (MS-CFB §2.1): from MAXREGSECT + 1 on, none is a sector. */
const FIRST_SPECIAL = 0xfffffffb;
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;
const HEADER_FAT_ENTRIES = 109;
const MINI_SECTOR = 64;
/** Streams shorter than this live in the mini stream (MS-CFB §2.2: the cutoff must be 4096). */
const MINI_CUTOFF = 4096;
const ENTRY_BYTES = 128;

export interface CompoundEntry {
  name: string;
  /** 1 a storage, 2 a stream, 5 the root. */
  type: number;
  start: number;
  size: number;
}

export interface CompoundFile {
  /** The first entry of this name in directory order, as SheetJS's `CFB.find` finds it; case-insensitive. */
  find(name: string): CompoundEntry | null;
  /** A stream's bytes. */
  content(entry: CompoundEntry): Buffer;
}

const cfbDamaged = (what: string) => damaged(`cfb: ${what}`);

export function readCompoundFile(bytes: Uint8Array): CompoundFile {
  const sectors = new Sectors(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const entries = readDirectory(sectors.chain(sectors.file.readUInt32LE(0x30), Number.MAX_SAFE_INTEGER));
  const root = entries[0];
  if (root?.type !== 5) throw cfbDamaged('no root entry');
  let mini: { stream: Buffer; fat: Buffer } | undefined;
  return {
    find(name) {
      const wanted = name.toUpperCase();
      return entries.find((entry) => entry.type !== 0 && entry.name.toUpperCase() === wanted) ?? null;
    },
    content(entry) {
      if (entry.type !== 2 || entry.start === NO_STREAM) return Buffer.alloc(0);
      if (entry.size >= MINI_CUTOFF) return sectors.chain(entry.start, entry.size);
      // The mini stream is the root entry's, its FAT a chain of its own; both read once, when first needed.
      mini ??= {
        stream: sectors.chain(root.start, root.size),
        fat: sectors.chain(sectors.file.readUInt32LE(0x3c), sectors.file.readUInt32LE(0x40) * sectors.size),
      };
      const { stream, fat } = mini;
      const nextMini = (unit: number) =>
        unit * 4 + 4 <= fat.length ? fat.readUInt32LE(unit * 4) : END_OF_CHAIN;
      return follow(entry.start, entry.size, MINI_SECTOR, stream, 0, nextMini);
    },
  };
}

/** The file's sectors and its FAT, which links each sector to the next of its chain. */
class Sectors {
  readonly size: number;
  /** The header takes the first sector's place; a short last sector is read as far as the file goes. */
  private readonly count: number;
  private readonly perSector: number;
  private readonly fatSectors: number[];

  constructor(readonly file: Buffer) {
    if (file.length < 512) throw cfbDamaged('shorter than its header');
    const major = file.readUInt16LE(0x1a);
    const shift = file.readUInt16LE(0x1e);
    if (!((major === 3 && shift === 9) || (major === 4 && shift === 12)) || file.readUInt16LE(0x20) !== 6) {
      throw cfbDamaged(`version ${major} with sector shift ${shift}`);
    }
    this.size = 1 << shift;
    this.count = Math.max(0, Math.ceil(file.length / this.size) - 1);
    this.perSector = this.size / 4;
    this.fatSectors = this.readFatSectorList();
  }

  private at(sector: number): number {
    return (sector + 1) * this.size;
  }

  /** Where the FAT's sectors are: 109 in the header, the rest in the DIFAT chain. */
  private readFatSectorList(): number[] {
    const { file } = this;
    const list: number[] = [];
    for (let i = 0; i < HEADER_FAT_ENTRIES; i++) {
      const sector = file.readUInt32LE(0x4c + i * 4);
      if (sector >= FIRST_SPECIAL) break;
      list.push(sector);
    }
    // Each DIFAT sector lists FAT sectors and, last, the next DIFAT sector.
    const seen = new Set<number>();
    for (let sector = file.readUInt32LE(0x44); sector < FIRST_SPECIAL;) {
      if (sector >= this.count) throw cfbDamaged(`DIFAT sector ${sector} beyond the file`);
      if (seen.has(sector)) throw cfbDamaged('DIFAT chain loops');
      seen.add(sector);
      const at = this.at(sector);
      for (let i = 0; i < this.perSector - 1 && at + i * 4 + 4 <= file.length; i++) {
        const fat = file.readUInt32LE(at + i * 4);
        if (fat === END_OF_CHAIN) break;
        // Kept in place even when free: the FAT sector's position in the list says which sectors it maps.
        list.push(fat);
      }
      sector = at + this.size <= file.length ? file.readUInt32LE(at + this.size - 4) : END_OF_CHAIN;
    }
    return list;
  }

  /** The sector after this one, or END_OF_CHAIN where the FAT has no word for it. */
  private next(sector: number): number {
    const fatSector = this.fatSectors[Math.floor(sector / this.perSector)];
    if (fatSector === undefined || fatSector >= this.count) return END_OF_CHAIN;
    const at = this.at(fatSector) + (sector % this.perSector) * 4;
    return at + 4 <= this.file.length ? this.file.readUInt32LE(at) : END_OF_CHAIN;
  }

  /** Up to `size` bytes of the chain of sectors from `start`. */
  chain(start: number, size: number): Buffer {
    return follow(start, size, this.size, this.file, this.size, (sector) => this.next(sector));
  }
}

/**
 * Up to `size` bytes of the chain from `start`, each link `unitSize` bytes of `source` from `base` on, found
 * by `next`. The walk stops once `size` is held, so a loop after the stream's end does not matter; one
 * before it is damage, as is a link beyond the source. No link is taken twice: the walk is bounded by the
 * source's length whatever the file claims.
 */
function follow(
  start: number,
  size: number,
  unitSize: number,
  source: Buffer,
  base: number,
  next: (unit: number) => number,
): Buffer {
  const units = Math.max(0, Math.ceil((source.length - base) / unitSize));
  const seen = new Uint8Array(units);
  const chain: number[] = [];
  let held = 0;
  for (let unit = start; unit < FIRST_SPECIAL && held < size; unit = next(unit)) {
    if (unit >= units) throw cfbDamaged(`sector ${unit} beyond the file`);
    if (seen[unit]) throw cfbDamaged(`chain from ${start} loops at ${unit}`);
    seen[unit] = 1;
    chain.push(unit);
    held += Math.min(unitSize, source.length - (base + unit * unitSize));
  }
  held = Math.min(held, size);
  // Writers mostly store a stream in consecutive sectors: then it is a view of the file, not a copy.
  const from = base + start * unitSize;
  if (chain.every((unit, i) => unit === start + i)) return source.subarray(from, from + held);
  const joined = Buffer.allocUnsafe(held);
  let at = 0;
  for (const unit of chain) {
    const offset = base + unit * unitSize;
    at += source.copy(joined, at, offset, Math.min(offset + unitSize, source.length, offset + held - at));
  }
  return joined;
}

/** The directory's 128-byte entries (MS-CFB §2.6), in their order. */
function readDirectory(directory: Buffer): CompoundEntry[] {
  const entries: CompoundEntry[] = [];
  for (let at = 0; at + ENTRY_BYTES <= directory.length; at += ENTRY_BYTES) {
    const nameBytes = Math.min(directory.readUInt16LE(at + 64), 64);
    entries.push({
      name: directory.toString('utf16le', at, at + Math.max(0, nameBytes - 2)),
      type: directory[at + 66]!,
      start: directory.readUInt32LE(at + 116),
      // Only the low 32 bits: version 3 files may leave garbage in the high ones.
      size: directory.readUInt32LE(at + 120),
    });
  }
  return entries;
}
