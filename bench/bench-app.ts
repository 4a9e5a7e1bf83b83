/*
 * What the row review and statistics benchmarks share: a scratch PostgreSQL database dropped afterwards, and
 * the app listening on a free port with an operator logged in, which counts the time each request spends in
 * the database driver (db-clock.ts).
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { pino } from 'pino';
import type { FastifyRequest } from 'fastify';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type OperatorUploadData } from '@registry/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { createAccount } from '../apps/server/src/test/factories.js';
import { createDbClock } from './db-clock.js';
import { createHttpClient } from './measure.js';

/**
 * Runs `bench` on a new database of the PostgreSQL server at `adminUrl`, and drops it however it ends; `bench`
 * is given its URL too, for a process of its own to open.
 */
export async function withScratchPostgres(
  adminUrl: string,
  prefix: string,
  bench: (db: Database, url: string) => Promise<void>,
) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  try {
    await bench(database, url.toString());
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Logs an account in to the app on `port`, as the web app does; its session cookie. */
export async function logIn(port: number, account: { email: string; password: string }) {
  const login = await fetch(`http://127.0.0.1:${port}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    body: JSON.stringify({ Id: account.email, Password: account.password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return login.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The app on a free loopback port, an operator's session cookie, and each request's time in the driver. */
export async function startBenchApp(database: Database, options: { webRoot?: string | null } = {}) {
  const config = loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'warn' });
  const app = await buildApp({
    config,
    database,
    mailer: { send: async () => {} },
    logger: pino({ level: 'warn' }),
    webRoot: options.webRoot ?? null,
  });
  // The time in the database driver of each request: requests are sent one at a time.
  const clock = createDbClock(database);
  const dbTimes: number[] = [];
  const dbStarts = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    dbStarts.set(request, clock.total());
  });
  app.addHook('onResponse', async (request) => {
    dbTimes.push(clock.total() - dbStarts.get(request)!);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const operator = await createAccount(database.db, {
    email: 'bench-operator@example.org',
    password: 'bench-password',
  });
  const cookie = await logIn(port, operator);
  const http = createHttpClient(port);
  return {
    app,
    port,
    cookie,
    dbTimes,
    http,
    operatorId: operator.id,
    close: async () => {
      await http.close();
      await app.close();
    },
  };
}

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

/**
 * Uploads a change file over HTTP as an operator for the SRO, with incoming requisites, and waits for the
 * import to be stored; its id.
 */
export async function postChangeFile(
  target: { port: number; cookie: string },
  organizationId: number,
  file: Buffer,
  options: Pick<OperatorUploadData, 'importSchools' | 'confirmDuplicate'> = {},
) {
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({ organizationId, number: '1-вх', date: '2026-11-21', importSchools: false, ...options }),
  );
  form.append('file', new Blob([new Uint8Array(file)]), 'bench.xlsx');
  const created = await fetch(`http://127.0.0.1:${target.port}/api/v1/imports`, {
    method: 'POST',
    headers: { cookie: target.cookie, [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    body: form,
  });
  if (created.status !== 201) throw new Error(`upload: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { Id: number }).Id;
}

/** Uploads a change file over HTTP as the bench's operator; the import's id and its rows' ids in file order. */
export async function uploadChangeFile(
  server: BenchApp,
  organizationId: number,
  file: Buffer,
  options: { importSchools?: boolean } = {},
) {
  const importId = await postChangeFile(server, organizationId, file, options);
  const headers = { cookie: server.cookie, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  const changeIds: number[] = [];
  for (let page = 0, totalPages = 1; page < totalPages; page++) {
    const url = `http://127.0.0.1:${server.port}/api/v1/imports/${importId}/changes?state=pending&page=${page}`;
    const rows = (await (await fetch(url, { headers })).json()) as {
      TotalPages: number;
      Results: { Id: number }[];
    };
    changeIds.push(...rows.Results.map((row) => row.Id));
    totalPages = rows.TotalPages;
  }
  return { importId, changeIds };
}
