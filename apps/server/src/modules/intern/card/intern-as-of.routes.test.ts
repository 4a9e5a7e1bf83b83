import { texts } from '@registry/shared';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeProtocols, internEntries, internEntryVersions, interns } from '../../../db/schema/index.js';
import { sqlRows } from '../../../lib/sql-rows.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { createIntern, internship, personalInfo, saveIntern } from '../../../test/interns.js';

/*
 * The card as the register held it at the end of a day: a trainee entered on one day and changed on two more
 * (a phone changed, a supervisor added and then removed, a passport number corrected).
 */

let t: TestApp;
let operator: string;
let id: number;

/** Moves what the last save wrote (its protocol, versions and, for a new trainee, the trainee) to noon of a day. */
async function happenedOn(day: string, since: Date) {
  const db = t.database.db;
  const moment = new Date(`${day}T12:00:00+03:00`);
  await db.update(changeProtocols).set({ createdAt: moment }).where(gte(changeProtocols.createdAt, since));
  await db
    .update(internEntryVersions)
    .set({ createdAt: moment })
    .where(gte(internEntryVersions.createdAt, since));
  await db.update(interns).set({ createdAt: moment }).where(gte(interns.createdAt, since));
}

const now = async () => {
  const [row] = await sqlRows<{ now: string | Date }>(t.database.db, sql`select now() as now`);
  return new Date(row!.now);
};

beforeAll(async () => {
  t = await buildTestApp();
  const sro = await createOrganization(t.database.db);
  const account = await createAccount(t.database.db);
  operator = (await loginAs(t.app, account.email, account.password)).cookie;

  let since = await now();
  const card = await createIntern(t.app, operator, {
    PersonalInfo: [
      personalInfo({ Contacts: { PhoneNumber: '+7 900 000-00-01' }, Passport: { Series: '45 12' } }),
    ],
    Internships: [internship(sro.id, { RegistryNumber: 'Н-1', StartedAt: '2025-03-01' })],
  });
  id = card.Id;
  await happenedOn('2025-03-01', since);

  since = await now();
  const second = await saveIntern(t.app, operator, id, {
    Version: card.Version,
    PersonalInfo: [{ ...card.PersonalInfo[0], Contacts: { PhoneNumber: '+7 900 000-00-02' } }],
    Supervisors: [{ Id: -1, LastName: 'Петров', FirstName: 'Сергей', CadastreNumber: '12345' }],
  });
  await happenedOn('2025-03-05', since);
  const changed = second.json();

  since = await now();
  await saveIntern(t.app, operator, id, { Version: changed.Version, Supervisors: [] });
  const afterRemoval = (
    await t.app.inject({ url: `/api/v1/interns/${id}`, headers: { cookie: operator } })
  ).json();
  await saveIntern(
    t.app,
    operator,
    id,
    {
      Version: afterRemoval.Version,
      PersonalInfo: [{ ...afterRemoval.PersonalInfo[0], Passport: { Series: '45 13' } }],
    },
    { isCorrecting: true },
  );
  await happenedOn('2025-03-10', since);
});
afterAll(() => t.close());

const asOf = (day: string) =>
  t.app.inject({ url: `/api/v1/interns/${id}?asOf=${day}`, headers: { cookie: operator } });

describe('GET /api/v1/interns/{id}?asOf=', () => {
  it('is not found before the trainee was entered', async () => {
    const response = await asOf('2025-02-28');
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorMessage).toBe(texts.internNotAsOf);
  });

  it('shows each day as the register held it at its end', async () => {
    const first = (await asOf('2025-03-01')).json();
    expect(first).toMatchObject({
      AsOf: '2025-03-01',
      Supervisors: [],
      RegistrationNumbers: [{ Number: 'Н-1' }],
    });
    expect(first.PersonalInfo[0]).toMatchObject({
      Contacts: { PhoneNumber: '+7 900 000-00-01' },
      Passport: { Series: '45 12' },
    });
    expect(first.ChangeProtocols).toHaveLength(1);

    const fifth = (await asOf('2025-03-05')).json();
    expect(fifth.PersonalInfo[0].Contacts.PhoneNumber).toBe('+7 900 000-00-02');
    expect(fifth.Supervisors).toEqual([expect.objectContaining({ LastName: 'Петров' })]);
    expect(fifth.ChangeProtocols).toHaveLength(2);

    const tenth = (await asOf('2025-03-10')).json();
    expect(tenth.Supervisors).toEqual([]);
    expect(tenth.PersonalInfo[0].Passport.Series).toBe('45 13');
    // A day shows what was written then: the correction came later than the 5th.
    expect(fifth.PersonalInfo[0].Passport.Series).toBe('45 12');
  });

  it('shows the current card on a day after the last change, and a deleted trainee too', async () => {
    const today = (
      await t.app.inject({ url: `/api/v1/interns/${id}`, headers: { cookie: operator } })
    ).json();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interns/${id}`,
      headers: { cookie: operator, ...clientHeaders },
    });
    const later = (await asOf('2026-01-01')).json();
    expect(later.PersonalInfo).toEqual(today.PersonalInfo);
    expect(later.Internships).toEqual(today.Internships);
    expect(later.IsDeleted).toBe(true);
  });

  it('refuses a day that is not a date', async () => {
    expect((await asOf('2025-02-30')).statusCode).toBe(400);
  });

  it('keeps an entry’s rows untouched: its state is rebuilt, not rewritten', async () => {
    const entries = await t.database.db
      .select()
      .from(internEntries)
      .where(and(eq(internEntries.internId, id), inArray(internEntries.section, ['Supervisors'])));
    expect(entries).toEqual([expect.objectContaining({ isRemoved: true })]);
  });
});
