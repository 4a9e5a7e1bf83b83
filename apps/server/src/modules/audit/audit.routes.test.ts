import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_PAGE_SIZE, AuditAction, AuditRole, auditActions, type AuditEvent } from '@registry/shared';
import { auditEvents } from '../../db/schema/index.js';
import { createCallers, type Callers } from '../../test/api.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createOrganization } from '../../test/factories.js';
import { createAuditRepository } from './audit.repository.js';
import { createAuditService } from './audit.service.js';
import { scheduleAuditPurge } from './audit-purge.js';
import { readWorkbook } from '../../test/workbook.js';

/* The journal as operators read it: filters, the cursor, the export, who may read it, and what it keeps. */

let t: TestApp;
let callers: Callers;
let otherSroId: number;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await buildTestApp();
  callers = await createCallers(t);
  otherSroId = (await createOrganization(t.database.db)).id;
  // A month of events by two people, one of them a representative; written as the app writes them.
  const base = at('2026-03-01T09:00:00+03:00').getTime();
  await t.database.db.insert(auditEvents).values(
    Array.from({ length: 120 }, (_, i) => ({
      at: new Date(base + i * 6 * 3_600_000),
      accountId: i % 3 === 0 ? callers.representative.id : callers.operator.id,
      accountName: i % 3 === 0 ? callers.representative.fullName : callers.operator.fullName,
      accountLogin: i % 3 === 0 ? callers.representative.email : callers.operator.email,
      role: i % 3 === 0 ? AuditRole.Representative : AuditRole.Operator,
      organizationId: i % 3 === 0 ? callers.organization.id : i % 5 === 0 ? otherSroId : null,
      action: i % 2 === 0 ? AuditAction.CardOpened : AuditAction.FileDownloaded,
      objectKind: 'intern',
      objectId: i + 1,
      address: '10.0.0.1',
    })),
  );
});
afterAll(() => t.close());

async function page(query: string): Promise<{ Results: AuditEvent[]; Next: string | null }> {
  const response = await t.app.inject({ url: `/api/v1/audit?${query}`, headers: callers.asOperator });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every event a filter finds, page after page by the cursor. */
async function walk(query: string) {
  const events: AuditEvent[] = [];
  let next: string | null = '';
  do {
    const found = await page(`${query}${next ? `&before=${next}` : ''}`);
    expect(found.Results.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
    events.push(...found.Results);
    next = found.Next;
  } while (next);
  return events;
}

const seeded = (events: AuditEvent[]) => events.filter((event) => event.Address === '10.0.0.1');

describe('GET /api/v1/audit', () => {
  it('pages newest first by the cursor, every event once', async () => {
    const events = seeded(await walk(''));
    expect(events).toHaveLength(120);
    expect(new Set(events.map((event) => event.Id)).size).toBe(120);
    const times = events.map((event) => event.At);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by the person, the action, the SRO and the period (Moscow days, both included)', async () => {
    const byPerson = await walk(`account=${callers.representative.id}`);
    // Their 40 events and their sign-in.
    expect(seeded(byPerson)).toHaveLength(40);
    expect(byPerson.map((event) => event.Action)).toContain(AuditAction.SignIn);
    expect(byPerson.every((event) => event.Account?.Id === callers.representative.id)).toBe(true);
    expect(byPerson.every((event) => event.Role === AuditRole.Representative)).toBe(true);

    const byAction = seeded(await walk(`action=${AuditAction.FileDownloaded}`));
    expect(byAction).toHaveLength(60);

    const bySro = await walk(`org=${otherSroId}`);
    expect(bySro.map((event) => event.Organization?.Id)).toEqual(Array(bySro.length).fill(otherSroId));
    expect(bySro).toHaveLength(16); // i % 5 === 0 and not i % 3 === 0: 24 of 120 less the 8 of i % 15

    // 2026-03-02 in Moscow: the events at 09:00, 15:00 and 21:00 of that day and 03:00 of the next are
    // 2026-03-02T06:00Z … 2026-03-03T00:00Z; the last falls on 03-03 in Moscow.
    const day = await walk('from=2026-03-02&to=2026-03-02');
    expect(day.map((event) => event.At)).toEqual([
      '2026-03-02T18:00:00.000Z',
      '2026-03-02T12:00:00.000Z',
      '2026-03-02T06:00:00.000Z',
      '2026-03-02T00:00:00.000Z',
    ]);
    const combined = await walk(
      `account=${callers.operator.id}&action=${AuditAction.CardOpened}&from=2026-03-02&to=2026-03-03`,
    );
    expect(combined.every((event) => event.Action === AuditAction.CardOpened)).toBe(true);
    expect(combined.every((event) => event.Account?.Id === callers.operator.id)).toBe(true);
    expect(combined).toHaveLength(3);
  });

  it('refuses a reversed period, an unknown action and a broken cursor in Russian', async () => {
    for (const query of ['from=2026-03-05&to=2026-03-01', 'action=99', 'before=yesterday']) {
      const response = await t.app.inject({ url: `/api/v1/audit?${query}`, headers: callers.asOperator });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().ErrorMessage).toMatch(/[а-я]/);
    }
  });

  it('is the operators’ only: a representative sees none of it, not even their own SRO’s events', async () => {
    for (const url of [`/api/v1/audit?org=${callers.organization.id}`, '/api/v1/audit/export']) {
      expect((await t.app.inject({ url, headers: callers.asRepresentative })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: callers.anonymous })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/v1/audit/export', () => {
  it('writes the events the filter finds as .xlsx, and notes the export in the journal itself', async () => {
    const response = await t.app.inject({
      url: `/api/v1/audit/export?account=${callers.representative.id}`,
      headers: callers.asOperator,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename\*=UTF-8''%D0%96%D1%83%D1%80/);
    const workbook = await readWorkbook(response.rawPayload);
    const rows = workbook.getWorksheet('Журнал')!.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1, 6)).toEqual(['Время (МСК)', 'Пользователь', 'Логин', 'Роль', 'Действие']);
    // The header, the representative's sign-in (the newest) and their 40 events.
    expect(rows).toHaveLength(42);
    expect(rows[1]![5]).toBe(auditActions.label(AuditAction.SignIn));
    expect(rows[2]!.slice(1, 10)).toEqual([
      '2026.03.30 15:00',
      callers.representative.fullName,
      callers.representative.email,
      'Представитель СРО',
      auditActions.label(AuditAction.FileDownloaded),
      'Стажёр №118',
      callers.organization.name,
      undefined,
      '10.0.0.1',
    ]);

    const [noted] = (await page(`action=${AuditAction.JournalExported}`)).Results;
    expect(noted).toMatchObject({
      Account: { Id: callers.operator.id },
      Detail: { Query: { account: String(callers.representative.id) } },
    });
  });
});

describe('the journal’s table', () => {
  it('refuses to change or delete an event, and to be emptied', async () => {
    const { db } = t.database;
    for (const statement of [
      sql`update audit_events set action = ${AuditAction.SignIn}`,
      sql`delete from audit_events`,
      sql`truncate audit_events`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    expect(seeded(await walk(''))).toHaveLength(120);
  });

  it('forgets the events past the retention, once, however many purges run at the same moment', async () => {
    const { db } = t.database;
    const service = createAuditService(db, createAuditRepository(db), { retentionDays: 30 });
    const now = at('2026-04-10T12:00:00+03:00');
    const purged = await Promise.all([service.purge(now), service.purge(now), service.purge(now)]);
    // Before 2026-03-11T12:00+03:00: the events of 03-01 09:00 up to 03-11 09:00, four a day.
    expect(purged.reduce((sum, n) => sum + n, 0)).toBe(41);
    const left = seeded(await walk(''));
    expect(left).toHaveLength(79);
    expect(left.every((event) => event.At >= '2026-03-11T09:00:00.000Z')).toBe(true);
    expect(await service.purge(now)).toBe(0);
    // 0 keeps every event for ever.
    const keeper = createAuditService(db, createAuditRepository(db), { retentionDays: 0 });
    expect(await keeper.purge(at('2030-01-01T00:00:00Z'))).toBe(0);
    expect(seeded(await walk(''))).toHaveLength(79);
  });

  it('purges at once and then daily while the server runs, and logs a failure instead of stopping', async () => {
    vi.useFakeTimers();
    try {
      const purge = vi
        .fn()
        .mockResolvedValueOnce(3)
        .mockRejectedValueOnce(new Error('database gone'))
        .mockResolvedValue(0);
      const log = { info: vi.fn(), error: vi.fn() };
      const schedule = scheduleAuditPurge(purge, log as never, 1_000);
      expect(purge).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(purge).toHaveBeenCalledTimes(2);
      expect(log.info).toHaveBeenCalledWith({ deleted: 3 }, expect.any(String));
      expect(log.error).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(purge).toHaveBeenCalledTimes(3);
      schedule.stop();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(purge).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
