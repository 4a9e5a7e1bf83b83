/*
 * `npm run bench:export-change-file [-- --register 100000 --sro 10000 --runs 5 --pglite 0 --database URL
 *   --profile DIR]`
 *
 * The pre-filled change file (docs/change-file.md#the-pre-filled-file) of a large SRO: loads a register of
 * thin trainees (load-trainees.ts) and an SRO of `--sro` trainees with every section a row reports
 * (load-sro-trainees.ts) into a new PostgreSQL database (dropped at the end; or `--database`, one of one's own,
 * loaded on the first run and kept), starts the built app in a plain Node process of its own on a local port
 * (change-file-export-server.mjs) and downloads the file over HTTP as the SRO's representative, `--runs` times
 * after a first download on the fresh server (which also loads exceljs). For each: the time to the first
 * byte and to the last, the server's processor time (which a busy machine stretches less than the clock),
 * the size, and the growth of the server's resident memory (its peak while the file streams, less what it
 * held before), with their median and maximum; each file is opened and must hold one row and one key per
 * trainee who is not deleted. Then the plans of the export's queries. Target (issue #36): 10,000 trainees in
 * ≤ 3 s on PostgreSQL, the memory growing < 100 MB. `--pglite N` runs the same on PGlite (in a temporary
 * folder, which the server opens) of N trainees in all; `--profile DIR` writes the server's CPU profile there.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { accounts } from '../apps/server/src/db/schema/index.js';
import { sqlRows } from '../apps/server/src/lib/sql-rows.js';
import { createChangeFileExportRepository } from '../apps/server/src/modules/imports/change-file-export.repository.js';
import { BATCH } from '../apps/server/src/modules/imports/change-file-export.js';
import { KEYS_SHEET_NAME } from '../apps/server/src/modules/imports/change-file-keys.js';
import { FIRST_DATA_ROW } from '../apps/server/src/modules/imports/change-file-template.js';
import { createAccount } from '../apps/server/src/test/factories.js';
import { readWorkbook } from '../apps/server/src/test/workbook.js';
import { logIn, withScratchPostgres } from './bench-app.js';
import { findExportedSro, loadSroTrainees } from './load-sro-trainees.js';
import { loadTrainees } from './load-trainees.js';
import { explainTime, median, ms, printTable, queriesOf } from './measure.js';

const { values: args } = parseArgs({
  options: {
    register: { type: 'string', default: '100000' },
    sro: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    pglite: { type: 'string', default: '0' },
    // A PostgreSQL database of one's own instead of a scratch one: loaded on the first run, kept afterwards.
    database: { type: 'string' },
    profile: { type: 'string' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const SRO_TRAINEES = Number(args.sro);
const RUNS = Math.max(3, Number(args.runs));
const TARGET_SECONDS = 3;
const TARGET_GROWTH_MB = 100;
const REPRESENTATIVE = { email: 'bench-representative@example.org', password: 'bench-password' };
const SERVER = fileURLToPath(new URL('./change-file-export-server.mjs', import.meta.url));

const machineLoad = () => `загрузка машины ${loadavg()[0]!.toFixed(1)} (ядер: ${availableParallelism()})`;
const mb = (bytes: number) => ms(bytes / 2 ** 20);

async function load(database: Database, register: number) {
  const started = performance.now();
  await database.migrate();
  await loadTrainees(database, register - SRO_TRAINEES, {
    chunk: database.kind === 'postgres' ? 20_000 : 10_000,
  });
  const organizationId = await loadSroTrainees(database, SRO_TRAINEES);
  console.log(
    `\n${database.kind}: ${register.toLocaleString('ru')} стажёров, из них ${SRO_TRAINEES.toLocaleString('ru')} ` +
      `в выгружаемой СРО, загружены за ${ms((performance.now() - started) / 1000)} с`,
  );
  return organizationId;
}

/** The SRO's representative, and the number of its trainees who are not deleted: the rows its file must hold. */
async function prepare(database: Database, organizationId: number) {
  // Accounts of an earlier run on a kept database are made again.
  await database.db
    .delete(accounts)
    .where(inArray(accounts.emailAddress, [REPRESENTATIVE.email, 'bench-operator@example.org']));
  await createAccount(database.db, { ...REPRESENTATIVE, organizationId });
  const [expected] = await sqlRows<{ n: number }>(
    database.db,
    sql`select count(distinct f.intern_id)::int as n from internship_facts f join interns i on i.id = f.intern_id
      where f.organization_id = ${organizationId} and not i.is_deleted`,
  );
  return expected!.n;
}

/** The server's process: its port, its resident memory read from /proc, what it reports, and its end. */
async function startServer(where: { url?: string; dataDir?: string }) {
  const child = fork(SERVER, [], {
    // Plain Node, not this script's TypeScript loader.
    execArgv: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [],
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
  // The server warms the change-file reader's threads up as it starts: the first download waits until it rests.
  for (let last = cpu(), waited = 0; waited < 30_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (cpu() - last < 30) break;
    last = cpu();
  }
  return {
    port,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024,
    /** The processor time the server has used, in ms: what a busy machine does not stretch as it does the clock. */
    cpu,
    async close() {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await ended;
    },
  };
}
type Server = Awaited<ReturnType<typeof startServer>>;

interface Download {
  firstByteMs: number;
  totalMs: number;
  cpuMs: number;
  size: number;
  growth: number;
}

/** One download, timed from the request to the first byte of the file and to its last; and the file. */
async function download(server: Server, cookie: string): Promise<Download & { file: Buffer }> {
  const before = server.rss();
  const cpuBefore = server.cpu();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 10);
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
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, server.rss());
  return {
    firstByteMs,
    totalMs,
    cpuMs: server.cpu() - cpuBefore,
    size: chunks.reduce((size, chunk) => size + chunk.length, 0),
    file: Buffer.concat(chunks),
    growth: peak - before,
  };
}

/** The trainee rows and the row keys a file holds, as Excel would open it. */
async function rowsOf(file: Buffer) {
  const workbook = await readWorkbook(file);
  const numbered = (name: string, from: number) => {
    let count = 0;
    workbook.getWorksheet(name)!.eachRow((row, number) => {
      if (number >= from && typeof row.getCell(1).value === 'number') count++;
    });
    return count;
  };
  // The keys sheet: the file's header, the column titles, then a row per trainee.
  return { rows: numbered('Данные', FIRST_DATA_ROW), keys: numbered(KEYS_SHEET_NAME, 3) };
}

/** The plans of the export's queries: the SRO's trainee ids, and the entries of the first batch. */
async function explainQueries(database: Database, organizationId: number) {
  const repo = createChangeFileExportRepository(database.db);
  const ids = await repo.traineeIds(organizationId);
  const listed = await queriesOf(database, () => repo.traineeIds(organizationId));
  const batch = await queriesOf(database, () => repo.trainees(ids.slice(0, BATCH)));
  const lines: (string | number)[][] = [];
  for (const [what, queries] of [
    ['id стажёров СРО', listed],
    [`пачка из ${BATCH} стажёров`, batch],
  ] as const) {
    for (const query of queries) {
      const plan = await explainTime(database, query);
      const table = /from "(\w+)"/.exec(query.sql)?.[1] ?? '';
      lines.push([what, table, ms(plan.ms), plan.scans.join(', ')]);
    }
  }
  console.log(`\nЗапросы выгрузки (EXPLAIN ANALYZE, медиана 5 раз, мс)`);
  printTable(['запрос', 'таблица', 'мс', 'план'], lines);
}

/** A download's line of the table. */
const line = (name: string, one: Download, rows: number) => [
  name,
  ms(one.firstByteMs),
  ms(one.totalMs),
  one.cpuMs,
  one.size,
  rows,
  mb(one.growth),
];

/** Of each figure of the downloads, the value `of` gives: the median, the maximum. */
function summary(downloads: Download[], of: (values: number[]) => number): Download {
  const figure = (pick: (one: Download) => number) => of(downloads.map(pick));
  return {
    firstByteMs: figure((one) => one.firstByteMs),
    totalMs: figure((one) => one.totalMs),
    cpuMs: figure((one) => one.cpuMs),
    size: figure((one) => one.size),
    growth: figure((one) => one.growth),
  };
}

/** Downloads the file `RUNS` times after a first one, checks each and prints the table. */
async function measure(kind: string, where: { url?: string; dataDir?: string }, expected: number) {
  const server = await startServer(where);
  const downloads: Download[] = [];
  try {
    const cookie = await logIn(server.port, REPRESENTATIVE);
    while (downloads.length <= RUNS) {
      const { file, ...result } = await download(server, cookie);
      const { rows, keys } = await rowsOf(file);
      if (rows !== expected || keys !== expected) {
        throw new Error(`file holds ${rows} rows and ${keys} keys, the SRO ${expected} trainees`);
      }
      downloads.push(result);
    }
  } finally {
    await server.close();
  }
  const [first, ...measured] = downloads;
  const max = (values: number[]) => Math.max(...values);
  const worst = summary(measured, max);
  console.log(
    `\nФайл для изменений СРО (${expected.toLocaleString('ru')} стажёров), ${kind}: первая загрузка на ` +
      `новом сервере и ${RUNS} после неё (медиана и максимум — по ним), время в мс; ${machineLoad()}`,
  );
  printTable(
    ['загрузка', 'первый байт', 'всего', 'ЦП сервера', 'байт', 'строк', 'рост RSS, МБ'],
    [
      line('первая', first!, expected),
      ...measured.map((one, i) => line(String(i + 1), one, expected)),
      line('медиана', summary(measured, median), expected),
      line('максимум', worst, expected),
    ],
  );
  // The memory counts on the fresh server's first download too: it is what a server just started spends.
  const largest = Math.max(first!.growth, worst.growth) / 2 ** 20;
  const met = worst.totalMs / 1000 <= TARGET_SECONDS && largest < TARGET_GROWTH_MB;
  console.log(
    `Цель: всего ≤ ${TARGET_SECONDS} с, рост RSS < ${TARGET_GROWTH_MB} МБ: ${met ? 'да' : 'нет'} ` +
      `(хуже всего ${ms(worst.totalMs / 1000)} с, ${ms(largest)} МБ)`,
  );
}

async function benchPostgres(register: number) {
  if (!args.database) {
    await withScratchPostgres(args['pg-url'], 'registry_bench_export', async (database, url) => {
      const organizationId = await load(database, register);
      await measure('PostgreSQL', { url }, await prepare(database, organizationId));
      await explainQueries(database, organizationId);
    });
    return;
  }
  const database = await openDatabase({ url: args.database, dataDir: null });
  try {
    await database.migrate();
    const organizationId = (await findExportedSro(database))?.id ?? (await load(database, register));
    await measure('PostgreSQL', { url: args.database }, await prepare(database, organizationId));
    await explainQueries(database, organizationId);
  } finally {
    await database.close();
  }
}

/** PGlite in a folder, loaded here and closed, then opened by the server's process. */
async function benchPglite(register: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-bench-export-'));
  try {
    const database = await openDatabase({ dataDir });
    let expected: number;
    try {
      expected = await prepare(database, await load(database, register));
    } finally {
      await database.close();
    }
    await measure('PGlite', { dataDir }, expected);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (Number(args.register) > 0) await benchPostgres(Number(args.register));
if (Number(args.pglite) > 0) await benchPglite(Number(args.pglite));
