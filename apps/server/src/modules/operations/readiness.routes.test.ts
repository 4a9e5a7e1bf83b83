import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../test/factories.js';
import { holdReads, stopHoldingReads } from '../../test/reader-hold.js';
import { uploadOneRow } from '../../test/uploads.js';
import { shippedMigrations } from './readiness.js';

/*
 * Issue #22, item 1: the readiness probe through HTTP on a real database (PGlite, or PostgreSQL under
 * TEST_DATABASE_URL). Each way of not being ready is made for real: the database closed under a running app,
 * the journal of applied migrations short of the last one, a change file waiting for the only reader.
 */

const ready = (t: TestApp) => t.app.inject({ url: '/api/v1/ready' });

const checksOf = (body: { Checks: { Name: string; State: string }[] }) =>
  Object.fromEntries(body.Checks.map((check) => [check.Name, check.State]));

let open: TestApp[] = [];
afterEach(async () => {
  stopHoldingReads();
  await Promise.all(open.map((t) => t.close()));
  open = [];
});
async function app(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env });
  open.push(t);
  return t;
}

describe('GET /api/v1/ready', () => {
  it('answers 200: the database answers, has every migration, no file waits for a reader', async () => {
    const t = await app();
    const response = await ready(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.Status).toBe('ready');
    expect(checksOf(body)).toEqual({ database: 'ok', migrations: 'ok', uploads: 'ok' });
    expect(body.Checks[1].Message).toBe(
      `Применены все миграции, последняя — ${shippedMigrations().at(-1)!.tag}`,
    );
    // The liveness probe stays as it was.
    expect((await t.app.inject({ url: '/api/v1/health' })).json()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming the migrations when the database lacks the last one', async () => {
    const t = await app();
    const migrations = shippedMigrations();
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${migrations.at(-1)!.when}`,
    );
    const response = await ready(t);
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.Status).toBe('not-ready');
    expect(checksOf(body)).toEqual({ database: 'ok', migrations: 'failed', uploads: 'ok' });
    const expected =
      `Не применены миграции базы данных: последняя в коде — ${migrations.at(-1)!.tag}, ` +
      `в базе — ${migrations.at(-2)!.tag}`;
    expect(body.Checks[1].Message).toBe(expected);
    expect(body.Message).toBe(`Сервер не готов. ${expected}`);
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const t = await app();
    // The database goes away under the running app (on PostgreSQL the test database is dropped too).
    open = [];
    await t.database.close();
    try {
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(checksOf(body)).toEqual({ database: 'failed', migrations: 'skipped', uploads: 'ok' });
      expect(body.Message).toBe('Сервер не готов. База данных не отвечает');
      // The liveness probe is the process's: it says the database failed with a 500 of its own.
      expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(500);
    } finally {
      await t.app.close();
    }
  });

  it('answers 503 naming the uploads while a file waits for a reader, 200 once it is read', async () => {
    const t = await app({ IMPORT_PARALLEL_READS: '1' });
    const sro = await createOrganization(t.database.db);
    const account = await createAccount(t.database.db, { organizationId: null });
    const { cookie } = await loginAs(t.app, account.email, account.password);

    const hold = holdReads();
    const first = uploadOneRow(t, cookie, sro.id, 'Первова');
    await hold.entered;
    // One file being read fills the only reader, but nothing waits yet.
    expect((await ready(t)).statusCode).toBe(200);

    const second = uploadOneRow(t, cookie, sro.id, 'Вторых');
    const waiting = await vi.waitFor(
      async () => {
        const response = await ready(t);
        expect(response.statusCode).toBe(503);
        return response.json();
      },
      { timeout: 120_000, interval: 20 },
    );
    expect(checksOf(waiting)).toEqual({ database: 'ok', migrations: 'ok', uploads: 'failed' });
    expect(waiting.Message).toBe(
      'Сервер не готов. Все обработчики файлов изменений заняты: проверяется 1 из 1, в очереди 1',
    );

    hold.release();
    expect((await Promise.all([first, second])).map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect((await ready(t)).statusCode).toBe(200);
  });
});
