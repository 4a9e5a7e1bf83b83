/*
 * `npm run bench:search [-- --pg 1000000 --pglite 100000 --requests 50]` (0 skips a database)
 *
 * Loads generated trainees into a new PostgreSQL database (dropped at the end) and into an in-memory
 * PGlite, starts the real app on a local port, and for each shape of the trainee list's query prints the
 * API's median and p95 over HTTP beside the server time of the same SQL from EXPLAIN ANALYZE. Then it
 * exports the whole PGlite registry as .xlsx and prints rows per second and the growth of the process's memory.
 * Targets are those of the trainee issue; a missed one is marked «нет».
 */
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, InternSearchQuerySchema } from '@registry/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { accounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { countCap, PAGE_SIZE } from '../apps/server/src/lib/search.js';
import { searchQueriesSql } from '../apps/server/src/modules/intern/search/intern-search-queries.js';
import {
  createInternSearchRepository,
  windowServes,
} from '../apps/server/src/modules/intern/search/intern-search.repository.js';
import { toFilter } from '../apps/server/src/modules/intern/search/intern-search.service.js';
import { withScratchPostgres } from './bench-app.js';
import { loadTrainees } from './load-trainees.js';
import { createHttpClient, explainTime, ms, percentile, printTable } from './measure.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string', default: '1000000' },
    pglite: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '50' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const REQUESTS = Number(args.requests);

/** Other work on the machine skews every figure: say how busy it was. */
function machineLoad() {
  return `загрузка машины ${loadavg()[0]!.toFixed(1)} (ядер: ${availableParallelism()})`;
}

interface Shape {
  name: string;
  query: Record<string, string>;
  /** p95 target in ms at 1M on PostgreSQL. */
  target: number;
}

async function shapesOf(database: Database, organizationId: number): Promise<Shape[]> {
  const { rows } = (await database.db.execute(
    sql`select snils from interns where not is_deleted and snils is not null order by id offset 1000 limit 1`,
  )) as unknown as { rows: { snils: string }[] };
  const snils = rows[0]!.snils;
  return [
    { name: 'фрагмент ФИО «иванов ив»', query: { term: 'иванов ив' }, target: 50 },
    { name: 'те же слова «ив иванов»', query: { term: 'ив иванов' }, target: 50 },
    {
      name: 'СНИЛС целиком',
      query: { term: `${snils.slice(0, 3)}-${snils.slice(3, 6)}-${snils.slice(6, 9)} ${snils.slice(9)}` },
      target: 10,
    },
    { name: 'редкая фамилия «шереметь»', query: { term: 'шереметь' }, target: 10 },
    { name: 'первая страница без фильтра', query: {}, target: 10 },
    { name: 'фильтр по СРО', query: { org: String(organizationId) }, target: 50 },
    { name: 'только с переходами', query: { transfer: 'true' }, target: 50 },
    { name: 'вкладка «Допущеные» (status=1)', query: { status: '1' }, target: 50 },
    // Terms the trigram indexes cannot serve alone: two letters, and a fragment inside a surname.
    { name: 'две буквы «ab»', query: { term: 'ab' }, target: 50 },
    { name: 'две буквы «щъ»', query: { term: 'щъ' }, target: 50 },
    { name: 'две буквы «ов»', query: { term: 'ов' }, target: 50 },
    { name: 'часть фамилии «мирнова»', query: { term: 'мирнова' }, target: 50 },
    // The deepest page the list pages to (MAX_LIST_PAGES): no page costs more than these.
    { name: 'последняя страница (49) без фильтра', query: { page: '49' }, target: 50 },
    { name: 'последняя страница (49) «иванов»', query: { term: 'иванов', page: '49' }, target: 50 },
  ];
}

/** The app as `npm start` runs it, without the web app, on a free local port. */
async function startApp(database: Database) {
  const config = loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'warn' });
  const app: FastifyInstance = await buildApp({
    config,
    database,
    mailer: { send: async () => {} },
    logger: pino({ level: 'warn' }),
    webRoot: null,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;

  // Operators see every filter; log one in as the web app would.
  const password = 'bench-password-1';
  await database.db.insert(accounts).values({
    fullName: 'Оператор',
    emailAddress: 'bench@example.org',
    passwordHash: await hashPassword(password),
  });
  const login = await fetch(`${base}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    body: JSON.stringify({ Id: 'bench@example.org', Password: password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const http = createHttpClient(port);
  return {
    base,
    cookie,
    http,
    close: async () => {
      await http.close();
      await app.close();
    },
  };
}
type Server = Awaited<ReturnType<typeof startApp>>;

/**
 * The SQL a shape runs, as the repository runs it (intern-search.repository.ts): the page in list order; for a
 * term, in the window first and, when the window cannot show the page, through the term's index too (the two
 * times added, the plans joined). The count's cap is the service's.
 */
type Client = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

async function explainShape(database: Database, shape: Shape) {
  const query = InternSearchQuerySchema.parse(shape.query);
  const filter = toFilter(query, true)!;
  const page = {
    limit: PAGE_SIZE,
    offset: query.page * PAGE_SIZE,
    cap: countCap(query.page),
  };
  const ordered = searchQueriesSql(database.db, filter, page);
  const count = await explainTime(database, ordered.count);
  if (!ordered.searchesTerm) return { page: await explainTime(database, ordered.page), count };
  const window = searchQueriesSql(database.db, filter, page, 'window');
  // The page's rows as the app reads them: each with its key and the window's last key.
  const client = (database.db as unknown as { $client: Client }).$client;
  const { rows } = await client.query(window.page.sql, window.page.params);
  const keys = rows.map((row) => ({
    key: row.key as string,
    windowEnd: row.window_end as string | null,
  }));
  const inWindow = await explainTime(database, window.page);
  if (windowServes(keys, PAGE_SIZE)) return { page: inWindow, count };
  const bitmap = await explainTime(database, searchQueriesSql(database.db, filter, page, 'bitmap').page);
  return { page: { ms: inWindow.ms + bitmap.ms, scans: [...inWindow.scans, '→', ...bitmap.scans] }, count };
}

/** Runs every shape over HTTP and EXPLAIN ANALYZE and prints the table; returns whether all targets held. */
async function measureSearch(
  database: Database,
  { http, cookie }: Server,
  label: string,
  pageTarget: (shape: Shape) => number,
) {
  const { rows: orgs } = (await database.db.execute(
    sql`select organization_id as id from internship_facts group by 1 order by count(*) desc offset 4 limit 1`,
  )) as unknown as { rows: { id: number }[] };
  const table: (string | number)[][] = [];
  let allMet = true;
  for (const shape of await shapesOf(database, orgs[0]!.id)) {
    const path = `/api/v1/interns/search?${new URLSearchParams(shape.query)}`;
    const { times, status, body } = await http.time(path, cookie, REQUESTS);
    if (status !== 200) throw new Error(`${path}: ${status} ${body}`);
    const result = JSON.parse(body) as { TotalPages: number; HasMore: boolean };
    const pages = `${result.TotalPages}${result.HasMore ? '+' : ''}`;
    const { page, count } = await explainShape(database, shape);
    const median = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    const sqlMs = page.ms + count.ms;
    const target = pageTarget(shape);
    const met = p95 < target && (database.kind === 'pglite' || median <= sqlMs * 1.5 + 2);
    allMet &&= met;
    table.push([
      shape.name,
      pages,
      ms(median),
      ms(p95),
      ms(page.ms),
      ms(count.ms),
      ms(median / sqlMs),
      `< ${target}`,
      met ? 'да' : 'нет',
      page.scans.join(', '),
    ]);
  }
  // What any API call costs beyond its queries: HTTP, the session check, validation, one trivial query.
  const health = await http.time('/api/v1/health', cookie, REQUESTS);
  console.log(`\n${label}: ${REQUESTS} запросов на вид, время в мс; ${machineLoad()}`);
  printTable(
    [
      'вид запроса',
      'страниц',
      'API медиана',
      'API p95',
      'SQL страницы',
      'SQL счёта',
      'API/SQL',
      'цель p95',
      'ок',
      'план страницы',
    ],
    table,
  );
  console.log(
    `Для сравнения, GET /api/v1/health (один select 1): медиана ${ms(percentile(health.times, 0.5))}`,
  );
  return allMet;
}

/** Streams the export of the list for `query` over HTTP, sampling the process's memory while it runs. */
async function measureExport(database: Database, { base, cookie }: Server, query: Record<string, string>) {
  const filter = toFilter(InternSearchQuerySchema.parse(query), true)!;
  const exported = await createInternSearchRepository(database.db).countUpTo(filter, Number.MAX_SAFE_INTEGER);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/interns/export?${new URLSearchParams(query)}`, {
    headers: { cookie },
  });
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rowsPerSecond = Math.round(exported / seconds);
  const growthMb = (peak - before) / 2 ** 20;
  const what = Object.keys(query).length > 0 ? ` (${new URLSearchParams(query)})` : '';
  console.log(
    `\nВыгрузка списка${what}, ${database.kind}, ${exported.toLocaleString('ru')} строк; ${machineLoad()}`,
  );
  printTable(
    ['строк', 'секунд', 'строк/с', 'цель строк/с', 'файл, МБ', 'рост RSS, МБ', 'цель RSS', 'ок'],
    [
      [
        exported,
        ms(seconds),
        rowsPerSecond,
        '≥ 20000',
        ms(bytes / 2 ** 20),
        ms(growthMb),
        '< 100',
        rowsPerSecond >= 20_000 && growthMb < 100 ? 'да' : 'нет',
      ],
    ],
  );
}

async function load(database: Database, size: number) {
  const started = performance.now();
  await database.migrate();
  await loadTrainees(database, size, {
    chunk: database.kind === 'postgres' ? 20_000 : 10_000,
    onProgress: (done) => {
      if (done % 100_000 === 0 || done === size)
        process.stdout.write(`  загружено ${done.toLocaleString('ru')}\r`);
    },
  });
  console.log(
    `\n  ${database.kind}: ${size.toLocaleString('ru')} стажёров загружены за ${ms((performance.now() - started) / 1000)} с`,
  );
}

async function benchPostgres(size: number) {
  let met = false;
  await withScratchPostgres(args['pg-url'], 'registry_bench', async (database) => {
    await load(database, size);
    const server = await startApp(database);
    met = await measureSearch(database, server, 'PostgreSQL', (shape) => shape.target);
    // An SRO's export: the one whose list is closest to 100,000 trainees.
    const { rows } = (await database.db.execute(sql`
      select organization_id as id from internship_facts group by 1
      order by abs(count(distinct intern_id) - 100000) limit 1`)) as unknown as { rows: { id: number }[] };
    await measureExport(database, server, { org: String(rows[0]!.id) });
    await server.close();
  });
  return met;
}

async function benchPglite(size: number) {
  const database = await openDatabase({ dataDir: null });
  try {
    await load(database, size);
    const server = await startApp(database);
    const met = await measureSearch(database, server, 'PGlite', () => 30);
    await measureExport(database, server, {});
    await server.close();
    return met;
  } finally {
    await database.close();
  }
}

const results: boolean[] = [];
if (Number(args.pg) > 0) results.push(await benchPostgres(Number(args.pg)));
if (Number(args.pglite) > 0) results.push(await benchPglite(Number(args.pglite)));
console.log(
  results.every(Boolean) ? '\nВсе цели поиска достигнуты.' : '\nЕсть недостигнутые цели поиска (см. «нет»).',
);
