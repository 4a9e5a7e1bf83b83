import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, type TestApp } from '../../test/build-test-app.js';
import { snilsFrom } from '../../test/change-files/workbooks.js';
import { createIntern, personalInfo } from '../../test/interns.js';
import { acceptAll, reviewCallers, reviewCalls } from '../../test/review.js';
import { uploadRows } from '../../test/uploads.js';
import { sqlRows } from '../../lib/sql-rows.js';

/*
 * The menu counters are kept by the database's triggers (migration 0017_registry-counters) and read as one row
 * each: after every kind of write they must still equal an exact count.
 */

let t: TestApp;
let callers: Awaited<ReturnType<typeof reviewCallers>>;
let serial = 500_000;

beforeAll(async () => {
  t = await buildTestApp();
  callers = await reviewCallers(t);
});
afterAll(() => t.close());

const newRow = (lastName: string) => ({
  Фамилия: lastName,
  СНИЛС: snilsFrom(++serial),
  'Дата рождения': undefined,
  'Уникальный идентификационный номер стажировки': `С-${serial}`,
});

async function counters() {
  const response = await t.app.inject({
    url: '/api/v1/account/stats',
    headers: { cookie: callers.operator },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ InternsCount: number; PendingImportsCount: number }>();
}

/** The counters, after checking that they equal what an exact count finds. */
async function expectCounters(expected: { InternsCount: number; PendingImportsCount: number }) {
  const [exact] = await sqlRows<{ interns: number; imports: number }>(
    t.database.db,
    sql`select (select count(*)::int from interns where not is_deleted) as interns,
               (select count(*)::int from imports where status in (0, 1)) as imports`,
  );
  const shown = await counters();
  expect(shown).toEqual({ InternsCount: exact!.interns, PendingImportsCount: exact!.imports });
  expect(shown).toEqual(expected);
}

const send = (method: 'DELETE' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { cookie: callers.operator, ...clientHeaders } });

describe('menu counters', () => {
  it('follow trainees created, deleted and restored through the API', async () => {
    await expectCounters({ InternsCount: 0, PendingImportsCount: 0 });
    const first = await createIntern(t.app, callers.operator, { PersonalInfo: [personalInfo()] });
    await createIntern(t.app, callers.operator, { PersonalInfo: [personalInfo({ LastName: 'Орлова' })] });
    await expectCounters({ InternsCount: 2, PendingImportsCount: 0 });

    expect((await send('DELETE', `/api/v1/interns/${first.Id}`)).statusCode).toBe(200);
    await expectCounters({ InternsCount: 1, PendingImportsCount: 0 });
    // Deleting a deleted trainee again changes nothing.
    expect((await send('DELETE', `/api/v1/interns/${first.Id}`)).statusCode).toBe(200);
    await expectCounters({ InternsCount: 1, PendingImportsCount: 0 });
    expect((await send('POST', `/api/v1/interns/${first.Id}/restore`)).statusCode).toBe(200);
    await expectCounters({ InternsCount: 2, PendingImportsCount: 0 });
  });

  it('follow imports uploaded, rejected whole, and processed row by row', async () => {
    const before = await counters();
    const calls = reviewCalls(t, callers.operator);
    const kept = await uploadRows(t, callers.operator, callers.sro.id, [
      newRow('Акимова'),
      newRow('Борисова'),
    ]);
    const refused = await uploadRows(t, callers.operator, callers.sro.id, [newRow('Васильева')]);
    await expectCounters({ ...before, PendingImportsCount: 2 });

    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${refused.importId}/reject`,
      headers: { cookie: callers.operator, ...clientHeaders },
      payload: { reason: 'Протокол не подписан' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await expectCounters({ ...before, PendingImportsCount: 1 });

    // The first row accepted as a new trainee: one more trainee, the import is being processed and still waits.
    const review = (await calls.open(kept.importId, kept.changeIds[0]!, 'new')).json();
    const accepted = await calls.submit(kept.importId, kept.changeIds[0]!, 'new', acceptAll(review));
    expect(accepted.statusCode, accepted.body).toBe(200);
    await expectCounters({ InternsCount: before.InternsCount + 1, PendingImportsCount: 1 });

    // The last row rejected: the import is processed and waits no more.
    const last = await calls.reject(kept.importId, kept.changeIds[1]!, 'Неверный СНИЛС');
    expect(last.statusCode, last.body).toBe(200);
    await expectCounters({ InternsCount: before.InternsCount + 1, PendingImportsCount: 0 });
  });

  it('follow writes in plain SQL of many rows at once, as a bulk load makes them', async () => {
    const before = await counters();
    const db = t.database.db;
    await db.execute(sql`
      insert into interns (full_name, is_deleted)
      select 'Загруженный ' || n, n % 4 = 0 from generate_series(1, 40) as n`);
    await expectCounters({ ...before, InternsCount: before.InternsCount + 30 });
    await db.execute(
      sql`update interns set is_deleted = not is_deleted where full_name like 'Загруженный %'`,
    );
    await expectCounters({ ...before, InternsCount: before.InternsCount + 10 });
    await db.execute(sql`delete from interns where full_name like 'Загруженный %'`);
    await expectCounters(before);

    await db.execute(sql`update imports set status = 0`);
    const [all] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from imports`);
    await expectCounters({ ...before, PendingImportsCount: all!.n });
    await db.execute(sql`update imports set status = 2`);
    await expectCounters({ ...before, PendingImportsCount: 0 });
  });

  it('are read from the kept counters, not counted on each call', async () => {
    const before = await counters();
    const db = t.database.db;
    await db.execute(sql`update registry_counters set value = value + 1000`);
    try {
      expect(await counters()).toEqual({
        InternsCount: before.InternsCount + 1000,
        PendingImportsCount: before.PendingImportsCount + 1000,
      });
    } finally {
      await db.execute(sql`update registry_counters set value = value - 1000`);
    }
    await expectCounters(before);
  });
});
