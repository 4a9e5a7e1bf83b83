import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { fileMessages } from '../../rows/change-file-messages.js';
import { readCompoundFile } from './compound-file.js';
import { detectFileType } from './file-type.js';
import { compoundFile, sampleRow, sheetOf, xlsOf } from '../../../../test/change-files/workbooks.js';
import { refusalOf } from '../../../../test/change-files/refusal.js';

const changeFiles = new URL('../../../../test/change-files/', import.meta.url);
const fixtures = await Promise.all(
  ['real-files/', 'office/'].map(async (folder) => {
    const names = (await readdir(new URL(folder, changeFiles))).filter((name) => name.endsWith('.xls'));
    return names.map((name) => new URL(folder + name, changeFiles));
  }),
);
// The hostile one is refused below, not compared.
const xlsFiles = fixtures.flat().filter((url) => !url.pathname.endsWith('_oom.xls'));

const detect = (bytes: Uint8Array) => detectFileType(bytes, { maxUnpackedBytes: 2 ** 30 }, 'book.xls');

// Digests, not the bytes: comparing megabytes byte by byte costs the test runner a minute.
const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every stream of the file as SheetJS's CFB reader gives it: its name and a digest of its bytes. */
function sheetJsStreams(bytes: Uint8Array): Map<string, string> {
  const container = XLSX.CFB.read(bytes, { type: 'buffer' });
  const streams = new Map<string, string>();
  for (const entry of container.FileIndex) {
    if (entry.type === 2 && !streams.has(entry.name))
      streams.set(entry.name, digest(Buffer.from(entry.content ?? [])));
  }
  return streams;
}

function ourStreams(bytes: Uint8Array, names: Iterable<string>): Map<string, string> {
  const file = readCompoundFile(bytes);
  return new Map([...names].map((name) => [name, digest(file.content(file.find(name)!))]));
}

const SECTOR = 512;
/** A compound file's FAT entry for `sector` set to `next`; SheetJS writes one FAT sector for small files. */
function withFatEntry(bytes: Buffer, sector: number, next: number): Buffer {
  const patched = Buffer.from(bytes);
  const fatSector = patched.readUInt32LE(0x4c);
  patched.writeUInt32LE(next, (fatSector + 1) * SECTOR + sector * 4);
  return patched;
}

/** A book whose Workbook stream spans several sectors, its first sector and the directory's. */
function bigBook() {
  const bytes = compoundFile({ Workbook: Buffer.alloc(8 * SECTOR, 1) });
  const workbook = readCompoundFile(bytes).find('Workbook')!;
  return { bytes, start: workbook.start, directory: bytes.readUInt32LE(0x30) };
}

/** Refused as damaged, and quickly: the walk is bounded by the file, not by what the file claims. */
function expectRefusedQuickly(bytes: Uint8Array) {
  const started = performance.now();
  const refusal = refusalOf(() => detect(bytes));
  expect(refusal.problems).toStrictEqual([fileMessages.damaged]);
  expect(performance.now() - started).toBeLessThan(5000);
  return refusal;
}

describe('the compound-file reader', () => {
  it.each(xlsFiles.map((url) => [url.pathname.split('/').pop()!, url] as const))(
    '%s: every stream as SheetJS reads it',
    async (_name, url) => {
      const bytes = await readFile(url);
      const expected = sheetJsStreams(bytes);
      expect(ourStreams(bytes, expected.keys())).toStrictEqual(expected);
    },
  );

  it('reads streams of the mini stream and of the FAT as SheetJS writes them', () => {
    // Under 4096 bytes a stream is kept in the mini stream's 64-byte sectors.
    const small = compoundFile({ Workbook: Buffer.alloc(3000, 2), Other: Buffer.alloc(100, 3) });
    for (const bytes of [xlsOf(sheetOf([sampleRow()])), small, bigBook().bytes]) {
      const expected = sheetJsStreams(bytes);
      expect(ourStreams(bytes, expected.keys())).toStrictEqual(expected);
    }
  });

  it('refuses ExcelDataReader’s Test_git_issue_382_oom.xls, whose directory chain loops, in under 5 s', async () => {
    const bytes = await readFile(
      new URL('real-files/exceldatareader-Test_git_issue_382_oom.xls', changeFiles),
    );
    expect(expectRefusedQuickly(bytes).detail).toMatch(/loops/);
  });

  it('refuses a chain that runs into another stream’s and loops there, in under 5 s', () => {
    // SheetJS follows the Workbook's chain without a check once the directory's chain has visited it.
    const { bytes, start, directory } = bigBook();
    const looping = withFatEntry(withFatEntry(bytes, directory, start), start + 2, start);
    expect(expectRefusedQuickly(looping).detail).toMatch(/loops/);
  });

  it('refuses a sector beyond the file and a DIFAT chain that loops', () => {
    const { bytes, start } = bigBook();
    expect(expectRefusedQuickly(withFatEntry(bytes, start, 0x7fffffff)).detail).toMatch(/beyond the file/);
    const difatLoop = Buffer.from(bytes);
    // The DIFAT's first sector is the Workbook's first, whose last word points back at itself.
    difatLoop.writeUInt32LE(start, 0x44);
    difatLoop.writeUInt32LE(1, 0x48);
    difatLoop.writeUInt32LE(start, (start + 2) * SECTOR - 4);
    expect(expectRefusedQuickly(difatLoop).detail).toMatch(/DIFAT chain loops/);
  });

  it('follows a chain whose sectors are out of order in the file', () => {
    const content = Buffer.concat(Array.from({ length: 8 }, (_, i) => Buffer.alloc(SECTOR, i + 1)));
    const bytes = compoundFile({ Workbook: content });
    const start = readCompoundFile(bytes).find('Workbook')!.start;
    // The second and third sectors change places in the file, and the chain goes round them.
    const at = (sector: number) => (sector + 1) * SECTOR;
    const swapped = Buffer.from(bytes);
    bytes.copy(swapped, at(start + 1), at(start + 2), at(start + 3));
    bytes.copy(swapped, at(start + 2), at(start + 1), at(start + 2));
    const reordered = withFatEntry(
      withFatEntry(withFatEntry(swapped, start, start + 2), start + 2, start + 1),
      start + 1,
      start + 3,
    );
    const file = readCompoundFile(reordered);
    expect(file.content(file.find('Workbook')!).equals(content)).toBe(true);
  });

  it('reads a stream whose chain loops only after its last sector', () => {
    const { bytes, start } = bigBook();
    const looping = withFatEntry(bytes, start + 7, start);
    expect(ourStreams(looping, ['Workbook'])).toStrictEqual(ourStreams(bytes, ['Workbook']));
  });
});
