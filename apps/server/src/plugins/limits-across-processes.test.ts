import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRequestCounts } from '../db/schema/index.js';
import { createAccount } from '../test/factories.js';
import { loginOver, startServers } from '../test/server-process.js';
import { openTestDatabase } from '../test/test-database.js';

/*
 * The login throttle and the public limit hold for the installation, not per process: two server processes on
 * one PostgreSQL, called at once through both, let through what one would. PGlite lives inside one process,
 * so this runs on PostgreSQL only (CI runs the suite on both). The waits are far longer than the test: nothing
 * depends on how fast the machine is.
 */

const FREE = 3;
const PER_MINUTE = 5;

describe.runIf(process.env.TEST_DATABASE_URL)('limits across two app processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let processes: Awaited<ReturnType<typeof startServers>> | undefined;
  let servers: { port: number }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    processes = await startServers(2, {
      DATABASE_URL: database.url!,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(FREE),
      LOGIN_DELAY_SECONDS: '600',
      LOGIN_MAX_DELAY_SECONDS: '600',
      PUBLIC_SEARCH_PER_MINUTE: String(PER_MINUTE),
    });
    servers = processes.servers;
  });

  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  it('lets the account’s free failures through once, whichever process the guesses reach', async () => {
    const account = await createAccount(database.db);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        loginOver(servers[i % 2]!.port, account.email, `guess-${i}`).then((response) => response.status),
      ),
    );
    expect(statuses.filter((code) => code === 401)).toHaveLength(FREE);
    expect(statuses.filter((code) => code === 429)).toHaveLength(12 - FREE);
    // The right password from an address it never signed in from waits too, on either process.
    for (const server of servers)
      expect((await loginOver(server.port, account.email, account.password)).status).toBe(429);
  });

  it('counts an address’s anonymous searches once for both processes', async () => {
    const term = `limit-${Date.now()}`;
    const statuses = await Promise.all(
      Array.from({ length: 4 * PER_MINUTE }, (_, i) =>
        fetch(`http://127.0.0.1:${servers[i % 2]!.port}/api/v1/interns/search?term=${term}`).then(
          (response) => response.status,
        ),
      ),
    );
    // Counted per minute of the clock: should the burst straddle a minute, each minute lets its own through.
    const windows = await database.db
      .select({ count: publicRequestCounts.count })
      .from(publicRequestCounts)
      .where(like(publicRequestCounts.key, 'GET /api/v1/interns/search %'));
    expect(windows.reduce((sum, row) => sum + row.count, 0)).toBe(4 * PER_MINUTE);
    const allowed = windows.reduce((sum, row) => sum + Math.min(row.count, PER_MINUTE), 0);
    expect(statuses.filter((code) => code === 200)).toHaveLength(allowed);
    expect(allowed).toBeLessThanOrEqual(2 * PER_MINUTE);
    expect(statuses.filter((code) => code === 429)).toHaveLength(4 * PER_MINUTE - allowed);
  });
});
