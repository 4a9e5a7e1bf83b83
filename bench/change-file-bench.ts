/*
 * What the pre-filled change file's benchmarks share (change-file-export.ts, roundtrip.ts): an SRO of full
 * trainees among thin ones in PostgreSQL, a scratch database or one of one's own; the SRO's representative and
 * an operator; the built app in a plain Node process of its own (change-file-export-server.mjs), whose resident
 * memory and processor time are read from /proc; and the file's download as the representative.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type ExcelJS from 'exceljs';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { accounts } from '../apps/server/src/db/schema/index.js';
import { sqlRows } from '../apps/server/src/lib/sql-rows.js';
import { KEYS_SHEET_NAME } from '../apps/server/src/modules/imports/rows/change-file-keys-sheet.js';
import { FIRST_DATA_ROW } from '../apps/server/src/modules/imports/change-file-template.js';
import { createAccount } from '../apps/server/src/test/factories.js';
import { withScratchPostgres } from './bench-app.js';
import { findExportedSro, loadSroTrainees } from './load-sro-trainees.js';
import { loadTrainees } from './load-trainees.js';
import { ms } from './measure.js';

/** The options both benchmarks take: the data, where it lives, and the server's CPU profile. */
export const commonOptions = {
  register: { type: 'string', default: '100000' },
  sro: { type: 'string', default: '10000' },
  // A PostgreSQL database of one's own instead of a scratch one: loaded on the first run, kept afterwards.
  database: { type: 'string' },
  profile: { type: 'string' },
  'pg-url': {
    type: 'string',
    default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  },
} as const;

export const REPRESENTATIVE = { email: 'bench-representative@example.org', password: 'bench-password' };
export const OPERATOR = { email: 'bench-operator@example.org', password: 'bench-password' };
const SERVER = fileURLToPath(new URL('./change-file-export-server.mjs', import.meta.url));

export const machineLoad = () =>
  `загрузка машины ${loadavg()[0]!.toFixed(1)} (ядер: ${availableParallelism()})`;
export const mb = (bytes: number) => ms(bytes / 2 ** 20);

/** Loads `register` trainees of whom `sro` are the exported SRO's full ones; the SRO's id. */
export async function loadSro(database: Database, register: number, sro: number) {
  const started = performance.now();
  await database.migrate();
  await loadTrainees(database, register - sro, { chunk: database.kind === 'postgres' ? 20_000 : 10_000 });
  const organizationId = await loadSroTrainees(database, sro);
  console.log(
    `\n${database.kind}: ${register.toLocaleString('ru')} стажёров, из них ${sro.toLocaleString('ru')} ` +
      `в выгружаемой СРО, загружены за ${ms((performance.now() - started) / 1000)} с`,
  );
  return organizationId;
}

/**
 * The SRO's representative and an operator, and the number of its trainees who are not deleted: the rows its
 * file must hold.
 */
export async function prepare(database: Database, organizationId: number) {
  // A kept database has the accounts of an earlier run, which its saves and imports name: they stay.
  const existing = await database.db
    .select({ email: accounts.emailAddress })
    .from(accounts)
    .where(inArray(accounts.emailAddress, [REPRESENTATIVE.email, OPERATOR.email]));
  const has = (account: { email: string }) => existing.some((each) => each.email === account.email);
  if (!has(REPRESENTATIVE)) await createAccount(database.db, { ...REPRESENTATIVE, organizationId });
  if (!has(OPERATOR)) await createAccount(database.db, OPERATOR);
  const [expected] = await sqlRows<{ n: number }>(
    database.db,
    sql`select count(distinct f.intern_id)::int as n from internship_facts f join interns i on i.id = f.intern_id
      where f.organization_id = ${organizationId} and not i.is_deleted`,
  );
  return expected!.n;
}

/**
 * Runs `bench` on PostgreSQL with the SRO loaded: in a new database named from `prefix` beside `--pg-url`
 * (dropped at the end), or in `--database`, one of one's own, loaded on its first run and kept afterwards.
 * `bench` is given the database's URL for the server's process, the SRO's id and its rows.
 */
export async function withSroOnPostgres(
  args: { 'pg-url': string; database?: string; register: string; sro: string },
  prefix: string,
  bench: (database: Database, url: string, sro: { id: number; rows: number }) => Promise<void>,
) {
  const load = (database: Database) => loadSro(database, Number(args.register), Number(args.sro));
  const run = async (database: Database, url: string, organizationId: number) =>
    bench(database, url, { id: organizationId, rows: await prepare(database, organizationId) });
  if (!args.database) {
    await withScratchPostgres(args['pg-url'], prefix, async (database, url) =>
      run(database, url, await load(database)),
    );
    return;
  }
  const database = await openDatabase({ url: args.database, dataDir: null });
  try {
    await database.migrate();
    await run(database, args.database, (await findExportedSro(database))?.id ?? (await load(database)));
  } finally {
    await database.close();
  }
}

/** The server's process: its port, its resident memory read from /proc, what it reports, and its end. */
export async function startServer(
  where: { url?: string; dataDir?: string },
  options: { profile?: string } = {},
) {
  const child = fork(SERVER, [], {
    // Plain Node, not this script's TypeScript loader.
    execArgv: options.profile ? ['--cpu-prof', `--cpu-prof-dir=${options.profile}`] : [],
    env: {
      ...process.env,
      ...(where.url && { BENCH_EXPORT_DATABASE_URL: where.url }),
      ...(where.dataDir && { BENCH_EXPORT_DATA_DIR: where.dataDir }),
    },
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (report) => resolve(report as { port: number }));
    child.once('exit', (code) => reject(new Error(`the server ended (${code})`)));
  });
  const cpu = () => {
    // utime and stime, the 14th and 15th fields, in ticks of 10 ms; the name before them is in parentheses.
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  /** Waits, 30 s at most, until the server has rested for half a second. */
  const settle = async () => {
    for (let last = cpu(), waited = 0; waited < 30_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (cpu() - last < 30) break;
      last = cpu();
    }
  };
  // The server warms the change-file reader's threads up as it starts: the first request waits until it rests.
  await settle();
  return {
    port,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024,
    /** The processor time the server has used, in ms: what a busy machine does not stretch as it does the clock. */
    cpu,
    settle,
    async close() {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await ended;
    },
  };
}
export type Server = Awaited<ReturnType<typeof startServer>>;

/** What one request cost the server: the time it took, the server's processor time and its memory's growth. */
export interface ServerCost {
  totalMs: number;
  cpuMs: number;
  /** The server's resident memory at its peak during the request (sampled every 10 ms), less what it held before. */
  growth: number;
}

/** Runs `work`, timed, beside what it costs the server. */
export async function watched<T>(
  server: Server,
  work: () => Promise<T>,
): Promise<ServerCost & { result: T }> {
  const before = server.rss();
  const cpuBefore = server.cpu();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 10);
  const started = performance.now();
  try {
    const result = await work();
    const totalMs = performance.now() - started;
    peak = Math.max(peak, server.rss());
    return { result, totalMs, cpuMs: server.cpu() - cpuBefore, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

export interface Download extends ServerCost {
  firstByteMs: number;
  size: number;
}

/** The SRO's file as `cookie`'s account downloads it, timed to its first byte and to its last. */
export async function download(server: Server, cookie: string): Promise<Download & { file: Buffer }> {
  const { result, ...cost } = await watched(server, async () => {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${server.port}/api/v1/imports/change-file`, {
      headers: { cookie },
    });
    if (response.status !== 200) throw new Error(`download: ${response.status} ${await response.text()}`);
    let firstByteMs = 0;
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body!) {
      firstByteMs ||= performance.now() - started;
      chunks.push(chunk as Uint8Array);
    }
    return { firstByteMs, file: Buffer.concat(chunks) };
  });
  return { ...cost, ...result, size: result.file.length };
}

/** Fails unless the file holds one row on «Данные» and one key on «Ключи» per trainee of the SRO. */
export function checkRows(workbook: ExcelJS.Workbook, expected: number) {
  const numbered = (name: string, from: number) => {
    let count = 0;
    workbook.getWorksheet(name)!.eachRow((row, number) => {
      if (number >= from && typeof row.getCell(1).value === 'number') count++;
    });
    return count;
  };
  // The keys sheet: the file's header, the column titles, then a row per trainee.
  const [rows, keys] = [numbered('Данные', FIRST_DATA_ROW), numbered(KEYS_SHEET_NAME, 3)];
  if (rows !== expected || keys !== expected) {
    throw new Error(`file holds ${rows} rows and ${keys} keys, the SRO ${expected} trainees`);
  }
}
