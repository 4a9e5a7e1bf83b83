/*
 * `npm run bench:throughput [-- --pg 1000000 --connections 10 --duration 10 --warmup 2 --rounds 1]`
 *
 * How many public searches a second the app answers beside a bare Fastify server that runs the page's and
 * the count's own SQL side by side, as the app does, and returns the rows and the count. Loads generated trainees into a new PostgreSQL database (dropped at
 * the end), starts both servers as child processes on loopback (so that the load generator does not share
 * their event loop): the app as `npm start` runs it, anonymous callers, without the public limit
 * (PUBLIC_SEARCH_PER_MINUTE=0), its info-level log written to a file as production writes it to stdout; the
 * bare server with one pg Pool of the app's size. Each is loaded with autocannon for the same time with the
 * same connections, in turns, after an uncounted warm-up: the first public page, a surname, a name fragment
 * and a SNILS. Prints the requests a second, the app's share of the bare server's with the targets of issues
 * #14 and #21 (≥ 50 % for the first page and «иванов ив», ≥ 25 % for «иванов»; a missed one is marked «нет»),
 * and each server's CPU time per request.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { InternSearchQuerySchema } from '@registry/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { sqlRows } from '../apps/server/src/lib/sql-rows.js';
import { countCap, PAGE_SIZE } from '../apps/server/src/lib/search.js';
import { searchQueriesSql } from '../apps/server/src/modules/intern/search/intern-search-queries.js';
import { toFilter } from '../apps/server/src/modules/intern/search/intern-search.service.js';
import { withScratchPostgres } from './bench-app.js';
import { loadTrainees } from './load-trainees.js';
import { ms, printTable } from './measure.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string', default: '1000000' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
    // A database of one's own instead of a scratch one: loaded on the first run, kept for the next ones.
    database: { type: 'string' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    // A child process: which server it is.
    serve: { type: 'string' },
  },
});

/** autocannon has no types of its own; what this benchmark uses of it. */
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  warmup?: { connections: number; duration: number };
}) => Promise<{ requests: { total: number }; duration: number; non2xx: number; errors: number }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** One query as the driver receives it. */
interface Query {
  sql: string;
  params: unknown[];
}

interface Shape {
  name: string;
  query: Record<string, string>;
  /** The app's share of the bare server's requests a second the issue asks for, or null. */
  target: number | null;
}

/** The servers are loaded in turns of this many seconds (see `compare`). */
const SLICE_SECONDS = 2;

const loadNow = () => loadavg()[0]!.toFixed(1);

// ---------------------------------------------------------------- the servers, each in its own process

/** The app as main.ts builds it: info-level pino to stdout, which the parent points at a file. */
async function serveApp(url: string) {
  const config = loadConfig({
    DATA_DIR: tmpdir(),
    DATABASE_URL: url,
    LOG_LEVEL: 'info',
    PUBLIC_SEARCH_PER_MINUTE: '0',
  });
  const database = await openDatabase({ url, dataDir: null });
  const app = await buildApp({
    config,
    database,
    mailer: { send: async () => {} },
    logger: pino({ level: config.logLevel }),
    webRoot: null,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

/**
 * Fastify without plugins and one pg Pool: `/bare/<n>` runs the n-th shape's page and count side by side, as
 * the app does, and answers the page's rows and the count.
 */
async function serveBare(url: string, queries: Query[][]) {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  const app = Fastify();
  app.get<{ Params: { n: string } }>('/bare/:n', async (request) => {
    const [page, count] = queries[Number(request.params.n)]!;
    const [rows, counted] = await Promise.all([
      pool.query(page!.sql, page!.params),
      pool.query(count!.sql, count!.params),
    ]);
    return { rows: rows.rows, count: Object.values(counted.rows[0]!)[0] };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

if (args.serve) {
  process.once('message', (message: { url: string; queries: Query[][] }) => {
    const started = args.serve === 'app' ? serveApp(message.url) : serveBare(message.url, message.queries);
    started.then(
      (port) => {
        process.send!({ port });
        // The CPU time this process has spent, on each request of the parent: the cost of a request in the
        // server itself, which other work on the machine inflates far less than the requests a second.
        process.on('message', () => {
          const { user, system } = process.cpuUsage();
          process.send!({ cpuMs: (user + system) / 1000 });
        });
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

/** Starts this file as a server child; its stdout goes to `logFile`. */
function startServer(kind: 'app' | 'bare', url: string, queries: Query[][], logFile: string) {
  const out = openSync(logFile, 'w');
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind], {
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  closeSync(out);
  const cpuMs = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message: { cpuMs: number }) => resolve(message.cpuMs));
      child.send('cpu');
    });
  return new Promise<Server>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited: ${code}`)));
    child.once('message', (message: { port: number }) =>
      resolve({ child, base: `http://127.0.0.1:${message.port}`, cpuMs }),
    );
    child.send({ url, queries });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  /** The CPU time the server's process has spent so far. */
  cpuMs: () => Promise<number>;
}

// ---------------------------------------------------------------- the load

async function shapesOf(database: Database): Promise<Shape[]> {
  const [row] = await sqlRows<{ snils: string }>(
    database.db,
    sql`select snils from interns where not is_deleted and snils is not null order by id offset 1000 limit 1`,
  );
  const snils = row!.snils;
  return [
    { name: 'первая страница без фильтра', query: {}, target: 0.5 },
    { name: 'фамилия «иванов»', query: { term: 'иванов' }, target: 0.25 },
    { name: 'фрагмент ФИО «иванов ив»', query: { term: 'иванов ив' }, target: 0.5 },
    {
      name: 'СНИЛС целиком',
      query: { term: `${snils.slice(0, 3)}-${snils.slice(3, 6)}-${snils.slice(6, 9)} ${snils.slice(9)}` },
      target: null,
    },
  ];
}

/** The page and the count the public list runs for a shape, as the app sends them. */
function queriesOfShape(database: Database, shape: Shape): Query[] {
  const filter = toFilter(InternSearchQuerySchema.parse(shape.query), false)!;
  const { page, count } = searchQueriesSql(database.db, filter, {
    limit: PAGE_SIZE,
    offset: 0,
    cap: countCap(0),
  });
  return [page, count];
}

/** Loads `url` for `seconds`; throws if any answer was not a 200. */
async function load(url: string, seconds: number) {
  const result = await autocannon({ url, connections: Number(args.connections), duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  }
  return { requests: result.requests.total, seconds: result.duration };
}

/** Requests a second and the server's CPU time per request, summed over the slices of one server. */
interface Tally {
  requests: number;
  seconds: number;
  cpuMs: number;
}

/**
 * Loads the app and the bare server in turn, slice after slice of `SLICE_SECONDS`, after an uncounted
 * warm-up of each: the load of the machine changes from second to second, and so both see the same.
 */
async function compare(targets: { server: Server; url: string }[]) {
  const duration = Number(args.duration);
  for (const { url } of targets) await load(url, Number(args.warmup));
  const tallies: Tally[] = targets.map(() => ({ requests: 0, seconds: 0, cpuMs: 0 }));
  for (let done = 0; done < duration; done += SLICE_SECONDS) {
    for (const [index, { server, url }] of targets.entries()) {
      const cpuBefore = await server.cpuMs();
      const slice = await load(url, Math.min(SLICE_SECONDS, duration - done));
      const tally = tallies[index]!;
      tally.cpuMs += (await server.cpuMs()) - cpuBefore;
      tally.requests += slice.requests;
      tally.seconds += slice.seconds;
    }
  }
  return tallies.map((tally) => ({
    perSecond: tally.requests / tally.seconds,
    requests: tally.requests,
    cpuMs: tally.cpuMs / tally.requests,
  }));
}

/** Checks that both servers answer the same rows for a shape before loading them. */
async function checkSameRows(appUrl: string, bareUrl: string) {
  const app = (await (await fetch(appUrl)).json()) as { Results: { Id: number }[] };
  const bare = (await (await fetch(bareUrl)).json()) as { rows: { id: number }[] };
  const same = app.Results.map((row) => row.Id).join() === bare.rows.map((row) => row.id).join();
  if (!same || bare.rows.length === 0) throw new Error(`${appUrl}: the app and the bare server disagree`);
}

async function bench(database: Database, url: string) {
  const size = Number(args.pg);
  const started = performance.now();
  await database.migrate();
  const [count] = await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from interns`);
  if (count!.n === 0) await loadTrainees(database, size, { chunk: 20_000 });
  console.log(
    `PostgreSQL: ${(count!.n || size).toLocaleString('ru')} стажёров, готовы за ${ms((performance.now() - started) / 1000)} с`,
  );
  const shapes = await shapesOf(database);
  const queries = shapes.map((shape) => queriesOfShape(database, shape));
  const appLog = path.join(tmpdir(), `registry-throughput-${process.pid}.log`);
  const app = await startServer('app', url, [], appLog);
  const bare = await startServer('bare', url, queries, '/dev/null');
  try {
    for (let round = 1; round <= Number(args.rounds); round++) {
      const table: (string | number)[][] = [];
      let appRequests = 0;
      const logBefore = statSync(appLog).size;
      for (const [index, shape] of shapes.entries()) {
        const appUrl = `${app.base}/api/v1/interns/search?${new URLSearchParams(shape.query)}`;
        const bareUrl = `${bare.base}/bare/${index}`;
        await checkSameRows(appUrl, bareUrl);
        const loadBefore = loadNow();
        const [ofApp, ofBare] = await compare([
          { server: app, url: appUrl },
          { server: bare, url: bareUrl },
        ]);
        appRequests += ofApp!.requests;
        const share = ofApp!.perSecond / ofBare!.perSecond;
        const met = shape.target === null || share >= shape.target;
        table.push([
          shape.name,
          Math.round(ofApp!.perSecond),
          Math.round(ofBare!.perSecond),
          `${Math.round(share * 100)} %`,
          shape.target === null ? '—' : `≥ ${shape.target * 100} %`,
          met ? 'да' : 'нет',
          Number(ofApp!.cpuMs.toFixed(2)),
          Number(ofBare!.cpuMs.toFixed(2)),
          `${loadBefore} → ${loadNow()}`,
        ]);
      }
      const logBytes = (statSync(appLog).size - logBefore) / appRequests;
      console.log(
        `\nРаунд ${round}: ${args.connections} соединений, ${args.duration} с после ${args.warmup} с разогрева; ядер: ${availableParallelism()}`,
      );
      printTable(
        [
          'вид запроса',
          'приложение, запр/с',
          'голый Fastify + pg, запр/с',
          'доля',
          'цель',
          'ок',
          'CPU приложения, мс/запр',
          'CPU голого, мс/запр',
          'загрузка',
        ],
        table,
      );
      console.log(`Журнал приложения (info): ${Math.round(logBytes)} байт на запрос`);
    }
  } finally {
    app.child.kill();
    bare.child.kill();
  }
}

if (!args.serve && args.database) {
  const database = await openDatabase({ url: args.database, dataDir: null });
  try {
    await bench(database, args.database);
  } finally {
    await database.close();
  }
} else if (!args.serve) {
  const adminUrl = args['pg-url'];
  await withScratchPostgres(adminUrl, 'registry_throughput', async (database) => {
    const [current] = await sqlRows<{ name: string }>(database.db, sql`select current_database() as name`);
    const url = new URL(adminUrl);
    url.pathname = `/${current!.name}`;
    await bench(database, url.toString());
  });
}
