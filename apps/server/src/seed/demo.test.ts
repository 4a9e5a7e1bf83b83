import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import {
  isValidSnils,
  type ChangeReview,
  type Import,
  type ImportChangePage,
  type ImportListItem,
  type Paged,
} from '@registry/shared';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { verifyPassword } from '../lib/passwords.js';
import { createRecordingMailer, loginAs } from '../test/build-test-app.js';
import { openTestDatabase } from '../test/test-database.js';
import type { Database } from '../db/client.js';
import { accounts, changeProtocols, internEntryVersions, interns } from '../db/schema/index.js';
import { seedDemo, SeedRefusedError, type SeedDemoResult } from './demo.js';

const TRAINEES = 80;
/** The new people the operator accepted from the demo's processed imports, one from each. */
const ACCEPTED_NEW = 2;
const config = loadConfig({
  DATA_DIR: '/nonexistent-test-data',
  ADMIN_LOGIN: 'admin@example.org',
  ADMIN_PASSWORD: 'admin-password',
});

let database: Database;
let result: SeedDemoResult;

beforeAll(async () => {
  database = await openTestDatabase();
  result = await seedDemo(database, config, { trainees: TRAINEES, today: '2026-11-22' });
});
afterAll(() => database.close());

describe('npm run seed:demo', () => {
  it('fills the reference data and the trainees', () => {
    expect(result).toMatchObject({
      organizations: 12,
      schools: 30,
      addresses: 40,
      trainees: TRAINEES + ACCEPTED_NEW,
      deleted: 1,
    });
  });

  it('derives every trainee status and has transfers between SROs', async () => {
    const byStatus = await database.db
      .select({ status: interns.status, n: count() })
      .from(interns)
      .groupBy(interns.status)
      .orderBy(interns.status);
    expect(byStatus.map((row) => row.status)).toEqual([0, 1, 2]);
    expect(byStatus.every((row) => row.n >= 5)).toBe(true);
    const [transfers] = await database.db
      .select({ n: count() })
      .from(interns)
      .where(sql`${interns.organizationCount} > 1`);
    expect(transfers!.n).toBeGreaterThan(0);
  });

  it('gives every trainee a name and a unique valid SNILS', async () => {
    const rows = await database.db.select({ fullName: interns.fullName, snils: interns.snils }).from(interns);
    expect(
      rows.every((row) =>
        /^\p{Lu}\p{Ll}+(-\p{Lu}\p{Ll}+)? \p{Lu}\p{Ll}+( \p{Lu}\p{Ll}+)?$/u.test(row.fullName),
      ),
    ).toBe(true);
    expect(rows.every((row) => row.snils !== null && isValidSnils(row.snils))).toBe(true);
    expect(new Set(rows.map((row) => row.snils)).size).toBe(TRAINEES + ACCEPTED_NEW);
  });

  it('leaves a history of first entries, edits and corrections under change protocols', async () => {
    const kinds = await database.db
      .select({ kind: internEntryVersions.kind, n: count() })
      .from(internEntryVersions)
      .groupBy(internEntryVersions.kind);
    expect(Object.fromEntries(kinds.map((row) => [row.kind, row.n > 0]))).toMatchObject({
      initial: true,
      change: true,
      correction: true,
    });
    const [protocols] = await database.db.select({ n: count() }).from(changeProtocols);
    expect(protocols!.n).toBeGreaterThan(TRAINEES);
  });

  it('names the operator it acted as: the one from ADMIN_LOGIN, with its password', () => {
    expect(result.operator).toEqual({ login: 'admin@example.org', password: 'admin-password' });
  });

  it('makes SRO representatives whose printed passwords log in', async () => {
    expect(result.representatives).toHaveLength(2);
    const rows = await database.db
      .select({ email: accounts.emailAddress, hash: accounts.passwordHash })
      .from(accounts)
      .where(isNotNull(accounts.organizationId));
    for (const representative of result.representatives) {
      const row = rows.find((r) => r.email === representative.login)!;
      expect(await verifyPassword(row.hash!, representative.password)).toBe(true);
    }
  });

  it('refuses a database that already has trainees and writes nothing', async () => {
    await expect(seedDemo(database, config, { trainees: 5, today: '2026-11-22' })).rejects.toThrow(
      SeedRefusedError,
    );
    await expect(seedDemo(database, config, { trainees: 5, today: '2026-11-22' })).rejects.toThrow(
      /База данных не пуста \(стажёров: 82/,
    );
    const [after] = await database.db
      .select({ n: count() })
      .from(interns)
      .where(eq(interns.isDeleted, false));
    expect(after!.n).toBe(TRAINEES + ACCEPTED_NEW - 1);
  });
});

describe('npm run seed:demo: imports', () => {
  let app: FastifyInstance;
  let operator: Record<string, string>;

  beforeAll(async () => {
    app = await buildApp({
      config,
      database,
      mailer: createRecordingMailer(),
      logger: pino({ level: 'silent' }),
      webRoot: null,
    });
    await app.ready();
    operator = await loginAs(app, 'admin@example.org', 'admin-password');
  });
  afterAll(() => app.close());

  async function get<T>(url: string, headers: Record<string, string>): Promise<T> {
    const response = await app.inject({ url, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<T>();
  }

  it('gives each representative an import waiting, one partly processed, one processed and one rejected', async () => {
    expect(result.imports).toEqual({ 0: 2, 1: 2, 2: 2, 3: 2 });
    for (const representative of result.representatives) {
      const headers = await loginAs(app, representative.login, representative.password);
      const list = await get<Paged<ImportListItem>>('/api/v1/imports?page=0', headers);
      expect(list.Results.map((row) => row.Status).sort()).toEqual([0, 1, 2, 3]);
      expect(new Set(list.Results.map((row) => row.Organization.Name))).toEqual(
        new Set([representative.organization]),
      );
      const processed = list.Results.find((row) => row.Status === 2)!;
      expect(processed).toMatchObject({ PendingCount: 0, RejectedCount: 1 });
      const rejected = await get<Import>(
        `/api/v1/imports/${list.Results.find((row) => row.Status === 3)!.Id}`,
        headers,
      );
      expect(rejected.Rejection?.Reason).toMatch(/Протокол не подписан/);
      for (const file of [rejected.Protocol, rejected.Letter]) {
        const content = await app.inject({ url: `/api/v1/files/${file!.Id}`, headers });
        expect(content.statusCode).toBe(200);
        expect(content.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    }
  });

  it('has open imports with deadlines ahead, a day away and past', async () => {
    const list = await get<Paged<ImportListItem>>('/api/v1/imports/pending?page=0', operator);
    const open = list.Results.filter((row) => row.Status === 0 || row.Status === 1);
    expect(open).toHaveLength(4);
    const days = open.map((row) => row.ExpiresInDays);
    expect(days.filter((left) => left > 1).length).toBeGreaterThanOrEqual(2);
    expect(days).toContain(1);
    expect(days.some((left) => left <= 0)).toBe(true);
  });

  it('leaves rows that match by SNILS, by name, nobody, and one with another trainee’s number', async () => {
    const list = await get<Paged<ImportListItem>>('/api/v1/imports/pending?page=0', operator);
    const reviews: ChangeReview[] = [];
    for (const item of list.Results) {
      // A demo file has a few rows: its waiting ones are all on the first page.
      const waiting = await get<ImportChangePage>(
        `/api/v1/imports/${item.Id}/changes?state=pending`,
        operator,
      );
      for (const row of waiting.Results) {
        reviews.push(await get<ChangeReview>(`/api/v1/imports/${item.Id}/changes/${row.Id}`, operator));
      }
    }
    expect(reviews.some((review) => review.MatchedBy === 'snils' && review.Intern !== null)).toBe(true);
    expect(reviews.some((review) => review.MatchedBy === 'fullName' && review.FoundByFullName)).toBe(true);
    expect(reviews.some((review) => review.MatchedBy === 'none' && review.Intern === null)).toBe(true);
    const conflicts = reviews.filter((review) => review.ConflictingIntern !== null);
    expect(conflicts.length).toBeGreaterThan(0);
    expect(conflicts.every((review) => review.ConflictingIntern!.Id !== review.Intern?.Id)).toBe(true);
  });
});
