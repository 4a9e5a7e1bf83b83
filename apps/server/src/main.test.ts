import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs the real process entry (src/main.ts) and waits until it says it is ready. */
async function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(tsx, ['src/main.ts'], { cwd: serverDir, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 30_000;
  while (!output.includes('registry is ready')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, exited };
}

async function login(port: number, Id: string, Password: string) {
  return fetch(`http://127.0.0.1:${port}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-registry-client': 'web' },
    body: JSON.stringify({ Id, Password }),
  });
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-main-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('prints a generated first operator once, stops cleanly on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };

    const first = await start(env);
    const printed = /Логин:\s+(\S+)\n\s+Пароль:\s+(\S+)/.exec(first.output());
    expect(printed).not.toBeNull();
    const [, loginName, password] = printed!;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await login(port, loginName!, password!)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start(env);
    expect(second.output()).not.toContain('Пароль:');
    expect((await login(port, loginName!, password!)).status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 90_000);

  it('refuses to start with a wrong setting and names it', async () => {
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  }, 30_000);

  // CI runs the suite a second time with TEST_DATABASE_URL; then this proves the PostgreSQL mode of `npm start`.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL from DATABASE_URL, applying the migrations itself, with the admin from the settings',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `registry_main_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const port = await freePort();
        const server = await start({
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          ADMIN_LOGIN: 'admin@example.org',
          ADMIN_PASSWORD: 'correct horse battery',
        });
        expect(server.output()).toContain('"database":"postgres"');
        expect((await login(port, 'admin@example.org', 'correct horse battery')).status).toBe(200);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );
});
