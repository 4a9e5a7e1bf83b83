import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, loginOver, spawnMain, startServer } from './test/server-process.js';

const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-main-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('prints a generated first operator once (beside a log of JSON lines only), stops cleanly on SIGTERM and keeps its data; ADMIN_LOGIN then only warns', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };

    const first = await startServer(env);
    const printed = /Логин:\s+(\S+)\n\s+Пароль:\s+(\S+)/.exec(first.output());
    expect(printed).not.toBeNull();
    const [, loginName, password] = printed!;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await loginOver(port, loginName!, password!)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const logLines = first.stdout().split('\n').filter(Boolean);
    expect(logLines.length).toBeGreaterThan(1);
    for (const line of logLines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    // The ready line splits the start's time into its steps.
    const ready = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'registry is ready');
    for (const step of [
      'modulesMs',
      'databaseOpenMs',
      'migrationsMs',
      'dataChecksMs',
      'routesMs',
      'listenMs',
    ])
      expect(ready?.[step], step).toEqual(expect.any(Number));

    // Accounts exist: ADMIN_LOGIN/ADMIN_PASSWORD create nothing, and the start says so instead of staying silent.
    const admin = { ADMIN_LOGIN: 'later@example.org', ADMIN_PASSWORD: 'a password set too late' };
    const second = await startServer({ ...env, ...admin });
    expect(second.output()).not.toContain('Пароль:');
    const warning = second
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; loginExists?: boolean })
      .find((line) => line.msg.startsWith('ADMIN_LOGIN and ADMIN_PASSWORD are ignored'));
    expect(warning).toMatchObject({ level: 40, login: 'later@example.org', loginExists: false, accounts: 1 });
    expect(warning!.msg).toMatch(/Log in as an existing operator/);
    expect((await loginOver(port, admin.ADMIN_LOGIN, admin.ADMIN_PASSWORD)).status).toBe(401);
    expect((await loginOver(port, loginName!, password!)).status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('refuses to start with a wrong setting and names it', async () => {
    const child = spawnMain({ ...process.env, PORT: 'eighty', DATA_DIR: dataDir });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  });

  // CI runs the suite a second time with TEST_DATABASE_URL; then this proves the PostgreSQL mode of `npm start`.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL from DATABASE_URL, applying the migrations itself, with the admin from the settings, two processes started at once',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `registry_main_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        // Two processes started at once on the empty database, as behind a proxy: one migrates and creates
        // the operator, the other waits for the migrations and finds the operator there.
        const ports = [await freePort(), await freePort()];
        const servers = await Promise.all(
          ports.map((port) =>
            startServer({
              DATABASE_URL: url.toString(),
              DATA_DIR: dataDir,
              PORT: String(port),
              HOST: '127.0.0.1',
              ADMIN_LOGIN: 'admin@example.org',
              ADMIN_PASSWORD: 'correct horse battery',
            }),
          ),
        );
        for (const [i, server] of servers.entries()) {
          expect(server.output()).toContain('"database":"postgres"');
          expect((await loginOver(ports[i]!, 'admin@example.org', 'correct horse battery')).status).toBe(200);
        }
        const registry = new pg.Client({ connectionString: url.toString() });
        await registry.connect();
        const accounts = await registry.query('select count(*)::int as n from accounts');
        await registry.end();
        expect(accounts.rows[0].n).toBe(1);
        for (const server of servers) {
          server.child.kill('SIGTERM');
          expect(await server.exited).toBe(0);
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );
});
