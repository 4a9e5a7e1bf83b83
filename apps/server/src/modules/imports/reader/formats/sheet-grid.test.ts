import { describe, expect, it } from 'vitest';
import { columnLetters, columnOfReference, excelSerialToIso, parseCellReference } from './sheet-grid.js';

describe('Excel serial dates', () => {
  it.each([
    [1, false, '1900-01-01'],
    [59, false, '1900-02-28'],
    [61, false, '1900-03-01'],
    [45731, false, '2025-03-15'],
    [45731.75, false, '2025-03-15'],
    [44269, true, '2025-03-15'],
    [1, true, '1904-01-02'],
  ])('%d in the %s-1904 system is %s', (serial, date1904, iso) => {
    expect(excelSerialToIso(serial, date1904)).toBe(iso);
  });

  it('are null outside the calendar Excel knows', () => {
    expect(excelSerialToIso(0, false)).toBeNull();
    expect(excelSerialToIso(3_000_000, false)).toBeNull();
    expect(excelSerialToIso(Number.NaN, false)).toBeNull();
  });
});

describe('cell references', () => {
  it('convert between letters and indexes', () => {
    expect([0, 25, 26, 64, 16_383].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'BM', 'XFD']);
    expect(parseCellReference('BM12')).toEqual({ column: 64, row: 12 });
    expect(parseCellReference('$XFD$1048576')).toEqual({ column: 16_383, row: 1_048_576 });
    expect(parseCellReference('R1C1')).toBeNull();
    expect(['A1', 'bm12', '$XFD$1', 'Z', '12'].map(columnOfReference)).toEqual([0, 64, 16_383, -1, -1]);
  });
});
