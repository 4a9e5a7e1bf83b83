import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { concurrencyLimit, readInWorker } from './change-file-runner.js';
import { writeCorpus } from '../../../test/change-files/generate-corpus.js';
import { officeRows } from '../../../test/change-files/make-office-files.js';
import { rowsAsRead } from '../../../test/change-files/packed-rows.js';
import { testOptions } from '../../../test/change-files/reader-options.js';

/*
 * Every file of the corpus through the reader as the app runs it: in a worker with the default memory cap
 * and time limit, each answered as expected (a read stopped by the time limit is a refusal no case expects).
 * No wall-clock bound of the test's own: at a load of 15 on two cores a plain file took 5.4 s. Files never touch the database, so the run on PostgreSQL
 * (TEST_DATABASE_URL) skips them rather than read them all a second time.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const settings = loadConfig({}).changeFileReader;
const dir = await mkdtemp(path.join(tmpdir(), 'change-file-corpus-'));
const cases = onPostgres ? [] : await writeCorpus(dir);
afterAll(() => rm(dir, { recursive: true, force: true }));
const officeFiles = fileURLToPath(new URL('../../../test/change-files/office/', import.meta.url));

// A few workers at once, as the server would run them; more would only measure the test machine's cores.
const limited = concurrencyLimit(3);

describe.concurrent.skipIf(onPostgres)('the change-file corpus', () => {
  it('has at least forty files', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$file: $what', async ({ file, expect: expected }) => {
    const bytes = await readFile(path.join(dir, file));
    const result = await limited(() =>
      readInWorker(bytes, file, testOptions({ limits: settings.limits }), settings),
    );
    if (result.heapPeakMb !== null) expect(result.heapPeakMb).toBeLessThan(settings.memoryMb);
    if ('rows' in expected) {
      if (!result.ok)
        throw new Error(`${file} refused: ${result.problems.join('\n')} ${result.detail ?? ''}`);
      const rows = rowsAsRead(result);
      expect(rows).toHaveLength(expected.rows);
      expect(rows[0]).toMatchObject(expected.firstRow ?? {});
      expect(result.heapPeakMb).not.toBeNull();
    } else {
      expect(result.ok, JSON.stringify(result)).toBe(false);
      if (result.ok) return;
      expect(result.kind).toBe(expected.kind);
      expect(result.problems).toHaveLength(expected.problems.length);
      expected.problems.forEach((problem, i) => {
        if (typeof problem === 'string') expect(result.problems[i]).toBe(problem);
        else expect(result.problems[i]).toMatch(problem);
      });
    }
  });
});

describe.concurrent.skipIf(onPostgres)('files saved by LibreOffice', () => {
  it.each(['libreoffice.xlsx', 'libreoffice.xls'])('%s is read exactly', async (file) => {
    const bytes = await readFile(path.join(officeFiles, file));
    const result = await limited(() => readInWorker(bytes, file, testOptions(), settings));
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.notices).toEqual([]);
    const rows = rowsAsRead(result);
    const [first, second] = rows;
    expect(rows).toHaveLength(2);
    expect(first).toMatchObject({
      rowNumber: 3,
      PersonalInfo: {
        LastName: 'Иванова',
        FirstName: 'Мария',
        PatronymicName: 'Сергеевна',
        Snils: '112-233-445 95',
        DateOfBirth: '1995-04-12',
        Passport: { Series: '45 12', Number: '045 678' },
      },
      Supervisors: [
        {
          LastName: 'Петров',
          CadastreNumber: '12345',
          EmploymentType: 1,
          JuridicalShortName: 'ООО «Кадастр»',
        },
      ],
      Internship: {
        Status: 0,
        StartedAt: '2025-03-15',
        MiscInfo: [{ AdmissionRequisites: { Number: '12-П', Date: '2025-03-14', UnstructuredValue: null } }],
      },
      InternshipSteps: { EntryStep: { EndedAt: '2025-04-15', HasPassed: true } },
    });
    // Row 4 is empty; row 5 has non-breaking spaces, a SNILS that lost its leading zero, text dates and 1.
    expect(second).toMatchObject({
      rowNumber: 5,
      PersonalInfo: {
        LastName: 'Ёлкина',
        FirstName: 'Анна',
        PatronymicName: null,
        Snils: '012-345-678 19',
        DateOfBirth: '2001-09-30',
        Passport: { Series: '45 12', Number: '045 678' },
      },
      Supervisors: [],
      Internship: {
        Status: 3,
        StartedAt: '2024-01-10',
        MiscInfo: [{ AdmissionRequisites: { Number: '7-П', Date: '2024-01-09' } }],
      },
      InternshipSteps: { EntryStep: { EndedAt: '2024-02-20', HasPassed: true } },
    });
    expect(second!.raw['СНИЛС']).toBe('1234567819');
  });

  it('libreoffice-rows.xls, 300 template rows with strings over several records, is read exactly', async () => {
    const bytes = await readFile(path.join(officeFiles, 'libreoffice-rows.xls'));
    const result = await limited(() => readInWorker(bytes, 'libreoffice-rows.xls', testOptions(), settings));
    if (!result.ok) throw new Error(result.problems.join('\n'));
    const rows = rowsAsRead(result);
    expect(rows).toHaveLength(300);
    expect(rows.map((row) => row.PersonalInfo.Snils)).toEqual(
      officeRows.slice(1).map((cells) => cells[officeRows[0]!.indexOf('СНИЛС *')]),
    );
    expect(rows[299]).toMatchObject({
      rowNumber: 301,
      PersonalInfo: { LastName: 'O’Brien', PatronymicName: 'Сергеевна', DateOfBirth: '1999-03-19' },
      Internship: { RegistryNumber: 'СТ-299' },
    });
  });
});
