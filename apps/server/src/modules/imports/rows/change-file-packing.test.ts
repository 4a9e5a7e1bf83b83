import { describe, expect, it } from 'vitest';
import {
  concatPacked,
  createRowPacker,
  packedCount,
  slicePacked,
  unpackRow,
  unpackRows,
  withSchools,
} from './change-file-packing.js';
import { readChangeFile } from '../reader/change-file-reader.js';
import { dictionaryKey } from './dictionary-match.js';
import { rowsAsRead } from '../../../test/change-files/packed-rows.js';
import { testOptions } from '../../../test/change-files/reader-options.js';
import { sampleRow, sheetOf, snilsFrom, xlsxOf } from '../../../test/change-files/workbooks.js';

async function readRows(count: number, overrides: (i: number) => Record<string, string | undefined>) {
  const rows = Array.from({ length: count }, (_, i) =>
    sampleRow({
      СНИЛС: snilsFrom(300_000_000 + i),
      'Уникальный идентификационный номер стажировки': `П-${i}`,
      ...overrides(i),
    }),
  );
  const result = readChangeFile(
    await xlsxOf(sheetOf(rows)),
    'rows.xlsx',
    testOptions({ importSchools: true }),
  );
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.rows;
}

describe('rows packed for storing', () => {
  it('keep every row exactly, its cells in the order the headers first appear', async () => {
    const rows = await readRows(3, (i) => ({
      Фамилия: `Ёлкина-${'абв'[i]}`,
      Отчество: i === 1 ? undefined : 'Сергеевна',
    }));
    const packer = createRowPacker();
    // Two batches, as the worker sends them: a header first filled in the second one still lines up.
    const packed = concatPacked([packer.pack(rows.slice(0, 2)), packer.pack(rows.slice(2))]);
    expect(packedCount(packed)).toBe(3);
    expect(packed.fullNames).toEqual([
      'Ёлкина-а Мария Сергеевна',
      'Ёлкина-б Мария',
      'Ёлкина-в Мария Сергеевна',
    ]);
    expect(packed.snils).toEqual(rows.map((row) => row.PersonalInfo.Snils));
    expect(rowsAsRead({ rows: packed, headers: packer.headers })).toEqual(rows);
    expect(packer.headers.slice(0, 3)).toEqual(['Фамилия', 'Имя', 'Отчество']);
  });

  it('slice into batches that each decode on their own', async () => {
    const rows = await readRows(5, () => ({}));
    const packed = createRowPacker().pack(rows);
    const slices = [slicePacked(packed, 0, 2), slicePacked(packed, 2, 5)];
    expect(slices.map(packedCount)).toEqual([2, 3]);
    expect(slices.flatMap(unpackRows)).toEqual(unpackRows(packed));
    expect(slices[1]!.bounds[0]).toBe(0);
  });

  it('point the rows that name a newly added school to it, and leave the others as they were', async () => {
    const rows = await readRows(3, (i) => ({
      'Учебное заведение': i === 1 ? undefined : 'Колледж «Геодезия»',
    }));
    const packed = createRowPacker().pack(rows);
    expect(packed.unknownSchools).toEqual(['Колледж «Геодезия»', null, 'Колледж «Геодезия»']);
    const school = { Id: 77, Name: 'Колледж «Геодезия»' };
    const patched = withSchools(packed, new Map([[dictionaryKey('колледж геодезия'), school]]));
    expect(unpackRows(patched).map((row) => row.data.PersonalInfo.School)).toEqual([school, null, school]);
    expect(unpackRow(patched, 1)).toEqual(unpackRow(packed, 1));
    expect(withSchools(packed, new Map())).toBe(packed);
  });
});
