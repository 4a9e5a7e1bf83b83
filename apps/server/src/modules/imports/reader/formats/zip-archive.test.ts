import { describe, expect, it } from 'vitest';
import { fileMessages } from '../../rows/change-file-messages.js';
import { withBackslashNames, zipOf } from '../../../../test/change-files/workbooks.js';
import { inflateEntry, readZipDirectory } from './zip-archive.js';
import { refusalOf } from '../../../../test/change-files/refusal.js';

const parts = [
  { name: 'a.xml', data: '<a>' + 'x'.repeat(1000) + '</a>' },
  { name: 'b.bin', data: 'stored bytes', store: true },
];

/** The offset of the n-th central directory entry of a zipOf archive. */
function centralEntryAt(zip: Buffer, n: number): number {
  let at = zip.readUInt32LE(zip.length - 6);
  for (let i = 0; i < n; i++) at += 46 + zip.readUInt16LE(at + 28);
  return at;
}

describe('the zip directory of an .xlsx', () => {
  it('lists the entries by lower-case name with their declared sizes, and unpacks them', () => {
    const zip = zipOf(parts);
    const { entries, declaredSize } = readZipDirectory(zip);
    expect([...entries.keys()]).toEqual(['a.xml', 'b.bin']);
    expect(declaredSize).toBe(1007 + 12);
    expect(inflateEntry(zip, entries.get('a.xml')!).toString()).toBe(parts[0]!.data);
    expect(inflateEntry(zip, entries.get('b.bin')!).toString()).toBe('stored bytes');
  });

  it('refuses an archive cut short as damaged', () => {
    const zip = zipOf(parts);
    const refusal = refusalOf(() => readZipDirectory(zip.subarray(0, zip.length - 30)));
    expect(refusal.problems).toEqual([fileMessages.damaged]);
  });

  it('refuses entries that share bytes, the trick of the smallest zip bombs', () => {
    const zip = zipOf(parts);
    zip.writeUInt32LE(0, centralEntryAt(zip, 1) + 42);
    expect(refusalOf(() => readZipDirectory(zip)).detail).toMatch(/overlaps|duplicate|local header/);
  });

  it('refuses a part that unpacks beyond its declared size, without unpacking the rest', () => {
    const zip = zipOf([{ name: 'a.xml', data: 'y'.repeat(100_000), declaredSize: 100 }]);
    const { entries } = readZipDirectory(zip);
    expect(refusalOf(() => inflateEntry(zip, entries.get('a.xml')!)).detail).toMatch(/a\.xml/);
  });

  it('refuses encrypted entries as a password-protected book', () => {
    const zip = zipOf(parts);
    zip.writeUInt16LE(0x801, centralEntryAt(zip, 0) + 8);
    expect(refusalOf(() => readZipDirectory(zip)).problems).toEqual([fileMessages.encrypted]);
  });

  it('refuses two entries of one name', () => {
    const zip = zipOf([parts[0]!, { ...parts[0]!, name: 'A.XML' }]);
    expect(refusalOf(() => readZipDirectory(zip)).detail).toMatch(/duplicate/);
  });

  it('reads part names written with backslashes as names with slashes, still one entry per name', () => {
    const zip = withBackslashNames(zipOf([{ name: 'xl/a.xml', data: '<a/>' }, parts[1]!]));
    expect(zip.includes('xl\\a.xml')).toBe(true);
    const { entries } = readZipDirectory(zip);
    expect([...entries.keys()]).toEqual(['xl/a.xml', 'b.bin']);
    expect(inflateEntry(zip, entries.get('xl/a.xml')!).toString()).toBe('<a/>');
    const twice = zipOf([
      { name: 'xl/a.xml', data: '<a/>' },
      { name: 'xl\\A.xml', data: '<b/>' },
    ]);
    expect(refusalOf(() => readZipDirectory(twice)).detail).toMatch(/duplicate/);
  });
});
