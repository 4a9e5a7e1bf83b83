import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PendingChange } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.js';
import { clientHeaders } from '../../test/build-test-app.js';
import { snilsFrom } from '../../test/change-files/workbooks.js';
import { createIntern, internship, personalInfo } from '../../test/interns.js';
import { useReviewApp, type ReviewTest } from '../../test/review.js';
import { importRows, uploadRows } from '../../test/uploads.js';

/*
 * An import's waiting rows say how each meets the register without being opened (docs/row-review.md
 * «Список строк импорта»): by SNILS, by full name and birth date, or none; and whether another trainee holds
 * the row's internship number in the import's SRO.
 */

let test: ReviewTest;
useReviewApp((ready) => (test = ready));

let serial = 870_000;
const freshSnils = () => snilsFrom(++serial);

async function saveTrainee(name: string, values: { snils?: string; birth?: string; number?: string }) {
  const [LastName, FirstName, PatronymicName] = name.split(' ');
  const created = await createIntern(test.t.app, test.callers.operator, {
    PersonalInfo: [
      personalInfo({
        LastName,
        FirstName,
        PatronymicName,
        Snils: values.snils ?? null,
        DateOfBirth: values.birth ?? null,
      }),
    ],
    ...(values.number
      ? { Internships: [internship(test.callers.sro.id, { RegistryNumber: values.number })] }
      : {}),
  });
  return created.Id as number;
}

/** A row of the change file: the template's sample (born 1995-04-12) with this name, SNILS and number. */
function row(name: string, snils: string, number: string) {
  const [Фамилия, Имя, Отчество] = name.split(' ');
  return { Фамилия, Имя, Отчество, СНИЛС: snils, 'Уникальный идентификационный номер стажировки': number };
}

describe("an import's waiting rows", () => {
  it('say how each meets the register, and which clash on the internship number', async () => {
    const { t, callers } = test;
    const known = freshSnils();
    await saveTrainee('Снилсова Анна Петровна', { snils: known, number: 'М-1' });
    const second = freshSnils();
    await saveTrainee('Второва Ирина Петровна', { snils: second, number: 'М-5' });
    await saveTrainee('Именова Бэлла Юрьевна', { birth: '1995-04-12' });
    await saveTrainee('Тёзкина Вера Олеговна', { birth: '1990-01-01' });
    await saveTrainee('Держателева Галина Ивановна', { snils: freshSnils(), number: 'М-9' });
    const gone = await saveTrainee('Удалёнова Дина Львовна', { snils: freshSnils() });
    const goneSnils = snilsFrom(serial);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interns/${gone}`,
      headers: { cookie: callers.operator, ...clientHeaders },
    });
    expect(removed.statusCode).toBeLessThan(300);

    const { importId } = await uploadRows(t, callers.operator, callers.sro.id, [
      row('Другова Анна Петровна', known, 'М-1'),
      row('ИМЕНОВА бэлла юрьевна', freshSnils(), 'М-2'),
      row('Тезкина Вера Олеговна', freshSnils(), 'М-3'),
      row('Новикова Ева Павловна', freshSnils(), 'м -9'),
      row('Второва Ирина Петровна', second, 'М-9'),
      row('Удалёнова Дина Львовна', goneSnils, 'М-4'),
    ]);
    const pending = await importRows<PendingChange>(t, callers.operator, importId, 'pending');
    expect(pending.map(({ FullName, Match, HasConflict }) => [FullName, Match, HasConflict])).toEqual([
      // The same SNILS; the number is the trainee's own.
      ['Другова Анна Петровна', 'snils', false],
      // The same folded name and birth date.
      ['ИМЕНОВА бэлла юрьевна', 'fullName', false],
      // The same name (ё and е alike), another birth date: a new trainee.
      ['Тезкина Вера Олеговна', 'none', false],
      // A new trainee with a number another trainee holds (spaces and case aside).
      ['Новикова Ева Павловна', 'none', true],
      // The trainee by SNILS, with another trainee's number.
      ['Второва Ирина Петровна', 'snils', true],
      // A deleted trainee is never matched.
      ['Удалёнова Дина Львовна', 'none', false],
    ]);

    // The handled rows carry no match: only waiting rows are looked up.
    expect([
      ...(await importRows(t, callers.operator, importId, 'finished')),
      ...(await importRows(t, callers.operator, importId, 'rejected')),
    ]).toEqual([]);

    // The page's filters show the waiting rows by match, and the import's detail counts them.
    const namesBy = async (match: string) =>
      (
        await t.app.inject({
          url: `/api/v1/imports/${importId}/changes?match=${match}`,
          headers: { cookie: callers.operator },
        })
      )
        .json<{ Results: { FullName: string }[] }>()
        .Results.map((found) => found.FullName);
    expect(await namesBy('snils')).toEqual(['Другова Анна Петровна', 'Второва Ирина Петровна']);
    expect(await namesBy('fullName')).toEqual(['ИМЕНОВА бэлла юрьевна']);
    expect(await namesBy('conflict')).toEqual(['Новикова Ева Павловна', 'Второва Ирина Петровна']);
    const detail = await t.app.inject({
      url: `/api/v1/imports/${importId}`,
      headers: { cookie: callers.operator },
    });
    expect(detail.json()).toMatchObject({
      StateCounts: { pending: 6, claimed: 0, finished: 0, rejected: 0 },
      MatchCounts: { snils: 2, fullName: 1, none: 3, conflict: 2 },
    });
  });
});

describe('migration 0031', () => {
  it('works out the match keys of rows stored before them as an upload stores them', async () => {
    const { t, callers } = test;
    const [first, second] = [freshSnils(), freshSnils()];
    const { importId } = await uploadRows(t, callers.operator, callers.sro.id, [
      row('Ключева Анна Петровна', first, 'К-1 а'),
      { ...row('Бездатова Ёлка Ивановна', second, 'К-2'), 'Дата рождения': null },
    ]);
    const db = t.database.db;
    const keys = async () =>
      (
        await db.execute(sql`select match_snils, match_birth_date, match_number_key, match_name_key
          from import_changes where import_id = ${importId} order by row_number`)
      ).rows;
    const stored = await keys();
    expect(stored).toEqual([
      {
        match_snils: first.replace(/\D/g, ''),
        match_birth_date: '1995-04-12',
        match_number_key: 'к-1а',
        match_name_key: 'ключева анна петровна',
      },
      {
        match_snils: second.replace(/\D/g, ''),
        match_birth_date: null,
        match_number_key: 'к-2',
        match_name_key: 'бездатова елка ивановна',
      },
    ]);

    const file = readFileSync(path.join(migrationsFolder, '0031_import-change-match-keys.sql'), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1)!;
    await db.execute(sql`update import_changes set match_snils = null, match_birth_date = null,
      match_number_key = null, match_name_key = null where import_id = ${importId}`);
    await db.execute(sql.raw(backfill));
    expect(await keys()).toEqual(stored);
  });
});
