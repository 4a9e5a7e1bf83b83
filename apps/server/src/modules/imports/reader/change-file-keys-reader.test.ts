import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  InternshipSchema,
  InternshipStepsSchema,
  PersonalInfoSchema,
  SupervisorSchema,
} from '@registry/shared';
import { preFilledFile } from '../../../test/change-files/pre-filled-file.js';
import { testOptions } from '../../../test/change-files/reader-options.js';
import {
  MAIN,
  inlineRow,
  sampleRow,
  sheetOf,
  snilsFrom,
  xlsOf,
  xlsxOf,
  zipOf,
} from '../../../test/change-files/workbooks.js';
import type { ExportedTrainee } from '../change-file-export.repository.js';
import { verifyKeys } from '../change-file-keys.js';
import { FIRST_DATA_ROW } from '../change-file-template.js';
import {
  headerCells,
  keyCells,
  keyColumns,
  KEYS_SHEET_NAME,
  signatureCells,
  type ExportHeader,
  type ExportKeys,
  type RowKey,
} from '../rows/change-file-keys-sheet.js';
import { readChangeFile, type ChangeFileOptions } from './change-file-reader.js';
import { readInWorker } from './change-file-runner.js';
import { inflateEntry, readZipDirectory } from './formats/zip-archive.js';

/*
 * The pre-filled file's keys sheet read back (change-file-keys-reader.ts): a file the export wrote gives the
 * keys it signed, in either reading mode and through the worker; a file without the sheet gives none; a sheet
 * of another shape, or one past the limits, gives 'damaged', and the file's rows are read all the same.
 */

const SECRET = Buffer.from('the keys sheet tests’ secret');
const HEADER: ExportHeader = {
  exportId: '4a7c1f0e-5b2d-4c36-9a8e-0d1e2f3a4b5c',
  organizationId: 7,
  exportedAt: '2026-11-22T09:15:00.000Z',
};
const OTHER_SRO = { Id: 8, Name: 'СРО «Другая»' };

/** Two trainees of the SRO: one with an entry in each section, one with personal info alone in it. */
const trainees: ExportedTrainee[] = [
  {
    id: 41,
    version: 3,
    isDeleted: false,
    sections: {
      PersonalInfo: [
        PersonalInfoSchema.parse({ Id: 411, LastName: 'Ключева', FirstName: 'Анна', Snils: snilsFrom(410) }),
      ],
      Supervisors: [
        SupervisorSchema.parse({ Id: 412, LastName: 'Руководов', FirstName: 'Пётр', CadastreNumber: '0041' }),
      ],
      Internships: [InternshipSchema.parse({ Id: 413, Organization: { Id: 7, Name: 'СРО' } })],
      InternshipSteps: [InternshipStepsSchema.parse({ Id: 414 })],
    },
  },
  {
    id: 42,
    version: 1,
    isDeleted: false,
    sections: {
      PersonalInfo: [
        PersonalInfoSchema.parse({ Id: 421, LastName: 'Ключев', FirstName: 'Борис', Snils: snilsFrom(420) }),
      ],
      Supervisors: [],
      // Another SRO's internship is not the row's.
      Internships: [InternshipSchema.parse({ Id: 423, Organization: OTHER_SRO })],
      InternshipSteps: [],
    },
  },
];

const writtenKeys: RowKey[] = [
  {
    row: FIRST_DATA_ROW,
    internId: 41,
    version: 3,
    entries: { PersonalInfo: 411, Supervisor: 412, Internship: 413, InternshipSteps: 414 },
  },
  {
    row: FIRST_DATA_ROW + 1,
    internId: 42,
    version: 1,
    entries: { PersonalInfo: 421, Supervisor: null, Internship: null, InternshipSteps: null },
  },
];

const exported = preFilledFile(trainees, HEADER, SECRET);

function read(bytes: Buffer, options: Partial<ChangeFileOptions> = {}) {
  const result = readChangeFile(bytes, 'Файл для изменений.xlsx', testOptions(options));
  if (!result.ok) expect.fail(`the file was refused: ${result.problems.join('\n')}`);
  return result;
}

/** The exported file's parts by name, and the name of its keys sheet's part. */
function partsOf(file: Buffer) {
  const zip = readZipDirectory(file);
  const parts = [...zip.entries.values()].map((entry) => ({
    name: entry.name,
    data: inflateEntry(file, entry).toString('utf8'),
  }));
  const keysPart = parts.find((part) => part.data.includes('>Подпись<'))!;
  return { parts, keysPart };
}

type SheetCells = (string | number | null)[];

/** The exported file with its keys sheet's rows replaced by these, numbered from 1, its `<dimension>` as given. */
async function withKeysRows(rows: SheetCells[], dimension = '') {
  const { parts, keysPart } = partsOf(await exported);
  const sheetData = rows.map((cells, i) => inlineRow(i + 1, cells)).join('');
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}">${dimension}<sheetData>${sheetData}</sheetData></worksheet>`;
  return zipOf(parts.map((part) => (part === keysPart ? { ...part, data: sheet } : part)));
}

/** The rows of the keys sheet the export writes for these keys. */
const sheetRows = (keys: RowKey[], signature: string): SheetCells[] => [
  headerCells(HEADER),
  [...keyColumns],
  ...keys.map(keyCells),
  signatureCells(signature),
];

/** The keys as read, which must not be damaged or missing. */
function keysOf(exportKeys: ExportKeys | 'damaged' | null): ExportKeys {
  if (exportKeys === null || exportKeys === 'damaged') expect.fail(`the keys sheet: ${exportKeys}`);
  return exportKeys;
}

describe('the keys sheet of a pre-filled file', () => {
  it.each([
    ['scanned whole first', false],
    ['streamed', true],
  ])('reads back the keys the export wrote and signed (%s)', async (_mode, streamRows) => {
    const sent: number[] = [];
    const result = readChangeFile(
      await exported,
      'Файл для изменений.xlsx',
      testOptions({ streamRows }),
      (rows) => sent.push(rows.length),
    );
    if (!result.ok) expect.fail(result.problems.join('\n'));
    expect(sent).toEqual([2]);
    const keys = keysOf(result.exportKeys);
    expect(keys.header).toEqual(HEADER);
    expect(keys.keys).toEqual(writtenKeys);
    expect(verifyKeys(SECRET, keys.header, keys.keys, keys.signature)).toBe(true);
  });

  it('reads them from a file saved again by a spreadsheet program, its texts then shared', async () => {
    const workbook = await new ExcelJS.Workbook().xlsx.load(new Uint8Array(await exported).buffer, {
      ignoreNodes: ['dataValidations'],
    });
    expect(workbook.getWorksheet(KEYS_SHEET_NAME)?.state).toBe('veryHidden');
    const saved = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(partsOf(saved).parts.some((part) => part.name === 'xl/sharedStrings.xml')).toBe(true);
    const keys = keysOf(read(saved).exportKeys);
    expect(keys.keys).toEqual(writtenKeys);
    expect(verifyKeys(SECRET, keys.header, keys.keys, keys.signature)).toBe(true);
  });

  it('finds the sheet by its name whatever its state', async () => {
    const { parts } = partsOf(await exported);
    const visible = zipOf(
      parts.map((part) =>
        part.name === 'xl/workbook.xml'
          ? { ...part, data: part.data.replace('veryHidden', 'visible') }
          : part,
      ),
    );
    expect(keysOf(read(visible).exportKeys).keys).toEqual(writtenKeys);
  });

  it('arrives with the result of a read in the worker', async () => {
    const result = await readInWorker(await exported, 'Файл для изменений.xlsx', testOptions(), {
      memoryMb: 256,
      timeLimitMs: 60_000,
    });
    if (!result.ok) expect.fail(result.problems.join('\n'));
    expect(result.rowCount).toBe(2);
    expect(keysOf(result.exportKeys).keys).toEqual(writtenKeys);
  });

  it('is none for a file without it, and for an .xls', async () => {
    const rows = sheetOf([sampleRow()]);
    expect(read(await xlsxOf(rows)).exportKeys).toBeNull();
    expect(read(xlsOf(rows)).exportKeys).toBeNull();
  });

  describe('is damaged when it is not as the export writes it, and the rows are read all the same', () => {
    const signature = 'ab'.repeat(32);
    const rows = (): SheetCells[] => sheetRows(writtenKeys, signature);
    /** The rows with one cell changed; null empties it. */
    const changed = (row: number, column: number, value: string | number | null) => () =>
      rows().map((cells, i) => (i === row ? cells.with(column, value) : cells));
    const damagedBy: [string, () => SheetCells[]][] = [
      ['a title changed', changed(1, 1, 'Стажер')],
      ['a label changed', changed(0, 2, 'SRO')],
      ['the export’s time not a time', changed(0, 5, 'вчера')],
      ['a text where a number belongs', changed(2, 1, '41')],
      ['a fraction where an id belongs', changed(3, 3, 421.5)],
      ['a negative id', changed(3, 3, -421)],
      ['an entry’s cell left empty', changed(2, 4, null)],
      ['a cell beyond the columns', () => rows().map((cells, i) => (i === 2 ? [...cells, 1] : cells))],
      ['no signature row', () => rows().slice(0, -1)],
      ['a row after the signature', () => [...rows(), keyCells({ ...writtenKeys[1]!, internId: 43 })]],
      ['no titles', () => rows().toSpliced(1, 1)],
      ['a row left empty between the keys', () => rows().toSpliced(3, 0, [])],
      [
        'one trainee in two rows',
        () => sheetRows([writtenKeys[0]!, { ...writtenKeys[1]!, internId: 41 }], signature),
      ],
      ['rows out of order', () => sheetRows(writtenKeys.toReversed(), signature)],
    ];

    it.each(damagedBy)('%s', async (_what, change) => {
      const result = read(await withKeysRows(change()));
      expect(result.exportKeys).toBe('damaged');
      expect(result.rows.map((row) => row.RegisterId)).toEqual([41, 42]);
    });

    it('takes the rows as they are written, so that a damage above is not the check passing by', async () => {
      expect(keysOf(read(await withKeysRows(rows())).exportKeys)).toEqual({
        header: HEADER,
        keys: writtenKeys,
        signature,
      });
    });
  });

  describe('is damaged, never the file refused, when the sheet goes past the limits', () => {
    const manyKeys = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        ...writtenKeys[1]!,
        row: FIRST_DATA_ROW + i,
        internId: 100 + i,
      }));

    it('holds no more keys than a data sheet may have rows', async () => {
      const signature = 'cd'.repeat(32);
      expect(
        read(await withKeysRows(sheetRows(manyKeys(3), signature)), { limits: limits(3) }).exportKeys,
      ).toMatchObject({
        keys: manyKeys(3),
      });
      const tooMany = read(await withKeysRows(sheetRows(manyKeys(4), signature)), { limits: limits(3) });
      expect(tooMany.exportKeys).toBe('damaged');
      expect(tooMany.rows).toHaveLength(2);
    });

    it('is refused by the size it declares before its rows are read', async () => {
      const claimsMillion = await withKeysRows(
        sheetRows(writtenKeys, 'ef'.repeat(32)),
        '<dimension ref="A1:G1048576"/>',
      );
      expect(read(claimsMillion).exportKeys).toBe('damaged');
      const claimsColumns = await withKeysRows(
        sheetRows(writtenKeys, 'ef'.repeat(32)),
        '<dimension ref="A1:XFD5"/>',
      );
      expect(read(claimsColumns).exportKeys).toBe('damaged');
    });

    it('stops at a row past the limit, and at a text longer than a cell holds', async () => {
      const { parts, keysPart } = partsOf(await withKeysRows(sheetRows(writtenKeys, 'ab'.repeat(32))));
      const farRow = keysPart.data.replace('</sheetData>', `${inlineRow(2_000_000, [1, 2, 3])}</sheetData>`);
      const longText = keysPart.data.replace('ab'.repeat(32), 'ab'.repeat(20_000));
      for (const data of [farRow, longText]) {
        const result = read(zipOf(parts.map((part) => (part === keysPart ? { ...part, data } : part))));
        expect(result.exportKeys).toBe('damaged');
        expect(result.rows).toHaveLength(2);
      }
    });
  });
});

function limits(maxRows: number): ChangeFileOptions['limits'] {
  return { ...testOptions().limits, maxRows };
}
