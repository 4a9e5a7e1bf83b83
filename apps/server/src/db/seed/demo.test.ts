import { isValidSnils } from '@registry/shared';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { verifyPassword } from '../../lib/passwords.js';
import { openTestDatabase } from '../../test/test-database.js';
import type { Database } from '../client.js';
import { accounts, changeProtocols, internEntryVersions, interns } from '../schema/index.js';
import { seedDemo, SeedRefusedError, type SeedDemoResult } from './demo.js';

const TRAINEES = 80;
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
}, 120_000);
afterAll(() => database.close());

describe('npm run seed:demo', () => {
  it('fills the reference data and the trainees', () => {
    expect(result).toMatchObject({
      organizations: 12,
      schools: 30,
      addresses: 40,
      trainees: TRAINEES,
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
    expect(new Set(rows.map((row) => row.snils)).size).toBe(TRAINEES);
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
      /База данных не пуста \(стажёров: 80/,
    );
    const [after] = await database.db
      .select({ n: count() })
      .from(interns)
      .where(eq(interns.isDeleted, false));
    expect(after!.n).toBe(TRAINEES - 1);
  });
});
