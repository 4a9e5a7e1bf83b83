import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { snilsDigits, texts } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../db/client.js';
import { clientHeaders, type TestApp, buildTestApp } from '../../../test/build-test-app.js';
import { snilsFrom } from '../../../test/change-files/workbooks.js';
import { createIntern, internship, personalInfo, saveIntern } from '../../../test/interns.js';
import { acceptAll, reviewCallers, reviewCalls } from '../../../test/review.js';
import { uploadRows } from '../../../test/uploads.js';

/*
 * The register's two keys (issue #20): one SNILS belongs to one trainee that is not deleted, and an internship
 * number to one trainee within its SRO. The database decides, in the save's own transaction; every way in
 * (a card save, an accepted import row, a restore) is refused with a 409 naming the holder.
 */

let t: TestApp;
let callers: Awaited<ReturnType<typeof reviewCallers>>;
let calls: ReturnType<typeof reviewCalls>;
let serial = 700_000;
const freshSnils = () => snilsFrom(++serial);
const NUMBER = 'Уникальный идентификационный номер стажировки';

beforeAll(async () => {
  t = await buildTestApp();
  callers = await reviewCallers(t);
  calls = reviewCalls(t, callers.operator);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { cookie: callers.operator } });
const countWithSnils = async (snils: string) =>
  ((await get(`/api/v1/interns/search?term=${snilsDigits(snils)}`)).json().Results as unknown[]).length;
const remove = (id: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/interns/${id}`,
    headers: { cookie: callers.operator, ...clientHeaders },
  });
const restore = (id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/interns/${id}/restore`,
    headers: { cookie: callers.operator, ...clientHeaders },
  });

function create(lastName: string, snils: string, internships: unknown[] = []) {
  return createIntern(t.app, callers.operator, {
    PersonalInfo: [personalInfo({ LastName: lastName, Snils: snils })],
    Internships: internships,
  });
}

function createRaw(lastName: string, snils: string, internships: unknown[] = []) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/interns/',
    headers: { cookie: callers.operator, ...clientHeaders },
    payload: {
      Intern: {
        PersonalInfo: [personalInfo({ LastName: lastName, Snils: snils })],
        Internships: internships,
      },
      Protocol: { number: `${++serial}-П`, date: '2025-03-15' },
    },
  });
}

describe('one SNILS, one trainee', () => {
  it('refuses a new card with a SNILS a trainee holds, naming the holder', async () => {
    const snils = freshSnils();
    const holder = await create('Баранова', snils);
    const response = await createRaw('Воронина', snils);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      ErrorMessage: texts.snilsTaken(snils, 'Баранова Елена Викторовна'),
      Intern: { Id: holder.Id, FullName: 'Баранова Елена Викторовна' },
    });
    expect(await countWithSnils(snils)).toBe(1);
  });

  it('refuses giving a trainee another’s SNILS in a card save, and keeps the card as it was', async () => {
    const snils = freshSnils();
    const holder = await create('Галкина', snils);
    const other = await create('Дроздова', freshSnils());
    const response = await saveIntern(t.app, callers.operator, other.Id, {
      Version: other.Version,
      PersonalInfo: [{ ...other.PersonalInfo[0], Snils: snils }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().Intern).toEqual({ Id: holder.Id, FullName: holder.FullName });
    const after = (await get(`/api/v1/interns/${other.Id}`)).json();
    expect(after.Version).toBe(other.Version);
    expect(after.PersonalInfo[0].Snils).toBe(other.PersonalInfo[0].Snils);
    expect(after.ChangeProtocols).toHaveLength(other.ChangeProtocols.length);
  });

  it('refuses an import row accepted as new with a SNILS a trainee holds, and leaves the row waiting', async () => {
    const snils = freshSnils();
    const holder = await create('Ежова', snils);
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      { Фамилия: 'Ежова', СНИЛС: snils, [NUMBER]: `Р-${serial}` },
    ]);
    const review = (await calls.open(importId, changeIds[0]!, 'new')).json();
    const response = await calls.submit(importId, changeIds[0]!, 'new', acceptAll(review));
    expect(response.statusCode).toBe(409);
    expect(response.json().Intern.Id).toBe(holder.Id);
    expect(await countWithSnils(snils)).toBe(1);
    const row = (await calls.open(importId, changeIds[0]!)).json();
    expect(row.ChangeStatus).toBe(0);
    // Into the holder it goes.
    const into = await calls.submit(importId, changeIds[0]!, holder.Id, acceptAll(row));
    expect(into.statusCode, into.body).toBe(200);
  });

  it('lets a deleted trainee’s SNILS be given again, and refuses restoring them while it is taken', async () => {
    const snils = freshSnils();
    const first = await create('Жукова', snils);
    expect((await remove(first.Id)).statusCode).toBe(200);
    const second = await create('Зайцева', snils);
    const restored = await restore(first.Id);
    expect(restored.statusCode).toBe(409);
    expect(restored.json().Intern).toEqual({ Id: second.Id, FullName: second.FullName });
    expect((await get(`/api/v1/interns/${first.Id}`)).json().IsDeleted).toBe(true);
  });

  it('gives one SNILS to one of many trainees created at once', async () => {
    const snils = freshSnils();
    const responses = await Promise.all(Array.from({ length: 8 }, () => createRaw('Иванова', snils)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await countWithSnils(snils)).toBe(1);
  });
});

describe('an internship number once within its SRO', () => {
  it('refuses a number another trainee holds in the SRO, whatever its spacing and case', async () => {
    const holder = await create('Козлова', freshSnils(), [
      internship(callers.sro.id, { RegistryNumber: 'КИ-77 а' }),
    ]);
    const response = await createRaw('Лебедева', freshSnils(), [
      internship(callers.sro.id, { RegistryNumber: 'ки-77А' }),
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      ErrorMessage: texts.internshipNumberTaken('ки-77А', callers.sro.name, holder.FullName),
      Intern: { Id: holder.Id },
    });
    // Another SRO's number is another number; one trainee may name theirs in two entries.
    const elsewhere = await createRaw('Лебедева', freshSnils(), [
      internship(callers.otherSro.id, { RegistryNumber: 'КИ-77 а' }),
    ]);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const twice = await saveIntern(t.app, callers.operator, holder.Id, {
      Version: holder.Version,
      Internships: [
        ...holder.Internships,
        internship(callers.sro.id, { RegistryNumber: 'КИ-77 а', StartedAt: '2026-01-10' }),
      ],
    });
    expect(twice.statusCode, twice.body).toBe(200);
  });

  it('refuses an import row whose number another trainee of the SRO holds, and writes nothing', async () => {
    const number = `Н-${++serial}`;
    const holder = await create('Медведева', freshSnils(), [
      internship(callers.sro.id, { RegistryNumber: number }),
    ]);
    const snils = freshSnils();
    const matched = await create('Никитина', snils);
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      { Фамилия: 'Никитина', СНИЛС: snils, [NUMBER]: number },
    ]);
    const review = (await calls.open(importId, changeIds[0]!)).json();
    expect(review.ConflictingIntern).toMatchObject({ Id: holder.Id });
    const response = await calls.submit(importId, changeIds[0]!, matched.Id, acceptAll(review));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      ErrorMessage: texts.internshipNumberTaken(number, callers.sro.name, holder.FullName),
      Intern: { Id: holder.Id },
    });
    const after = (await get(`/api/v1/interns/${matched.Id}`)).json();
    expect(after.Version).toBe(matched.Version);
    expect(after.Internships).toEqual([]);
  });

  it('frees a deleted trainee’s numbers and refuses restoring them while another holds one', async () => {
    const number = `Н-${++serial}`;
    const first = await create('Орлова', freshSnils(), [
      internship(callers.sro.id, { RegistryNumber: number }),
    ]);
    expect((await remove(first.Id)).statusCode).toBe(200);
    const second = await create('Павлова', freshSnils(), [
      internship(callers.sro.id, { RegistryNumber: number }),
    ]);
    const restored = await restore(first.Id);
    expect(restored.statusCode).toBe(409);
    expect(restored.json().Intern.Id).toBe(second.Id);
    expect((await get(`/api/v1/interns/${first.Id}`)).json().IsDeleted).toBe(true);
  });
});

describe('migration 0020', () => {
  it('names every clash of a register that breaks the rules instead of failing bare', async () => {
    const file = readFileSync(
      path.join(migrationsFolder, '0020_unique-snils-and-internship-numbers.sql'),
      'utf8',
    );
    const report = file.split('--> statement-breakpoint').find((statement) => statement.includes('DO $$'))!;
    const db = t.database.db;
    const snils = freshSnils();
    const number = `Д-${++serial}`;
    await db.execute(sql`drop index interns_snils_key`);
    try {
      const a = await create('Романова', snils, [internship(callers.sro.id, { RegistryNumber: number })]);
      const b = await create('Романова', freshSnils());
      await db.execute(sql`update interns set snils = ${snilsDigits(snils)} where id = ${b.Id}`);
      // As if the number had been given twice before the rule was kept: the key freed, a second holder saved.
      await db.execute(sql`delete from internship_numbers where intern_id = ${a.Id}`);
      const c = await create('Сорокина', freshSnils(), [
        internship(callers.sro.id, { RegistryNumber: number }),
      ]);
      const refused = await db.execute(sql.raw(report)).then(
        () => 'applied',
        (error: Error) => `${error.message} ${String((error.cause as Error | undefined)?.message)}`,
      );
      expect(refused).toContain(
        `Один СНИЛС у нескольких стажёров: СНИЛС ${snilsDigits(snils)}: стажёры № ${a.Id}, ${b.Id}.`,
      );
      expect(refused).toContain(
        `Один номер стажировки в СРО у нескольких стажёров: СРО «${callers.sro.name}», номер ${number}: стажёры № ${a.Id}, ${c.Id}.`,
      );
    } finally {
      await db.execute(sql`update interns set snils = null where id in (
        select id from interns where snils = ${snilsDigits(snils)} order by id offset 1)`);
      await db.execute(
        sql`create unique index interns_snils_key on interns (snils) where not is_deleted and snils is not null`,
      );
    }
  });
});
