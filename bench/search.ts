/*
 * `npm run bench:search [-- --pg 1000000 --pglite 100000 --requests 50 --database URL]` (0 skips a database)
 *
 * Loads generated trainees into a new PostgreSQL database (dropped at the end; or `--database`, one of one's
 * own, loaded on the first run and kept) and into an in-memory PGlite, starts the real app on a local port,
 * and for each shape of the trainee list's query, as an operator and as the public, prints the API's median
 * and p95 over HTTP beside the server time of the same SQL from EXPLAIN ANALYZE. Then it exports the whole
 * PGlite registry as .xlsx and prints rows per second and the growth of the process's memory. Targets are
 * those of issue #21; a missed one is marked «нет».
 */
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import {
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  InternSearchQuerySchema,
  MAX_LIST_PAGES,
} from '@registry/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { accounts } from '../apps/server/src/db/schema/index.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { sqlRows } from '../apps/server/src/lib/sql-rows.js';
import { countCap, PAGE_SIZE } from '../apps/server/src/lib/search.js';
import { searchQueriesSql } from '../apps/server/src/modules/intern/search/intern-search-queries.js';
import { createInternSearchRepository } from '../apps/server/src/modules/intern/search/intern-search.repository.js';
import { toFilter } from '../apps/server/src/modules/intern/search/intern-search.service.js';
import { withScratchPostgres } from './bench-app.js';
import { loadTrainees } from './load-trainees.js';
import { createHttpClient, explainTime, ms, percentile, printTable } from './measure.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string', default: '1000000' },
    pglite: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '50' },
    // A PostgreSQL database of one's own instead of a scratch one: loaded on the first run, kept afterwards.
    database: { type: 'string' },
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
  /** Only operators may filter so. */
  operatorOnly?: boolean;
}

/** The last page the list pages to (MAX_LIST_PAGES): no page may cost more than it. */
const LAST_PAGE = String(MAX_LIST_PAGES - 1);

async function shapesOf(database: Database, organizationId: number): Promise<Shape[]> {
  const [row] = await sqlRows<{ snils: string }>(
    database.db,
    sql`select snils from interns where not is_deleted and snils is not null order by id offset 1000 limit 1`,
  );
  const snils = row!.snils;
  const last = (shape: Shape): Shape => ({
    ...shape,
    name: `${shape.name}, стр. ${LAST_PAGE}`,
    query: { ...shape.query, page: LAST_PAGE },
    target: 50,
  });
  const terms: Shape[] = [
    { name: 'фрагмент ФИО «иванов ив»', query: { term: 'иванов ив' }, target: 50 },
    { name: 'те же слова «ив иванов»', query: { term: 'ив иванов' }, target: 50 },
    { name: 'имя и фамилия «александра смирнова»', query: { term: 'александра смирнова' }, target: 50 },
    // Terms the trigram indexes cannot serve alone: two letters, and a fragment inside a surname.
    { name: 'две буквы «ab»', query: { term: 'ab' }, target: 50 },
    { name: 'две буквы «щъ»', query: { term: 'щъ' }, target: 50 },
    { name: 'две буквы «ов»', query: { term: 'ов' }, target: 50 },
    { name: 'часть фамилии «мирнова»', query: { term: 'мирнова' }, target: 50 },
  ];
  return [
    {
      name: 'СНИЛС целиком',
      query: { term: `${snils.slice(0, 3)}-${snils.slice(3, 6)}-${snils.slice(6, 9)} ${snils.slice(9)}` },
      target: 10,
    },
    { name: 'начало фамилии, частой «иванов»', query: { term: 'иванов' }, target: 10 },
    { name: 'начало фамилии, редкой «шереметь»', query: { term: 'шереметь' }, target: 10 },
    { name: 'первая страница без фильтра', query: {}, target: 10 },
    ...terms,
    { name: 'вкладка «Допущенные» (status=1)', query: { status: '1' }, target: 50 },
    { name: 'фильтр по СРО', query: { org: String(organizationId) }, target: 50, operatorOnly: true },
    { name: 'только с переходами', query: { transfer: 'true' }, target: 50, operatorOnly: true },
    // The deepest page the list pages to: no page costs more than these.
    last({ name: 'без фильтра', query: {}, target: 50 }),
    last({ name: '«иванов»', query: { term: 'иванов' }, target: 50 }),
    ...terms.map(last),
  ];
}

const BENCH_LOGIN = 'bench@example.org';

/** The app as `npm start` runs it, without the web app, on a free local port. */
async function startApp(database: Database) {
  // The public's shapes are sent from one address, many times a minute.
  const config = loadConfig({ DATA_DIR: tmpdir(), LOG_LEVEL: 'warn', PUBLIC_SEARCH_PER_MINUTE: '0' });
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
    emailAddress: BENCH_LOGIN,
    passwordHash: await hashPassword(password),
  });
  const login = await fetch(`${base}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
    body: JSON.stringify({ Id: BENCH_LOGIN, Password: password }),
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

/** The SQL a shape runs, as the repository runs it (one statement for the page, one for the count). */
async function explainShape(database: Database, shape: Shape, isOperator: boolean) {
  const query = InternSearchQuerySchema.parse(shape.query);
  const filter = toFilter(query, isOperator)!;
  const page = { limit: PAGE_SIZE, offset: query.page * PAGE_SIZE, cap: countCap(query.page) };
  const queries = searchQueriesSql(database.db, filter, page);
  return {
    page: await explainTime(database, queries.page),
    count: await explainTime(database, queries.count),
  };
}

/** Runs every shape over HTTP and EXPLAIN ANALYZE and prints the table; returns whether all targets held. */
async function measureSearch(
  database: Database,
  { http, cookie }: Server,
  label: string,
  pageTarget: (shape: Shape) => number,
) {
  const orgs = await sqlRows<{ id: number }>(
    database.db,
    sql`select organization_id as id from internship_facts group by 1 order by count(*) desc offset 4 limit 1`,
  );
  const table: (string | number)[][] = [];
  let allMet = true;
  const shapes = await shapesOf(database, orgs[0]!.id);
  for (const [who, isOperator] of [
    ['оператор', true],
    ['публика', false],
  ] as const) {
    for (const shape of shapes.filter((one) => isOperator || !one.operatorOnly)) {
      const path = `/api/v1/interns/search?${new URLSearchParams(shape.query)}`;
      const { times, status, body } = await http.time(path, isOperator ? cookie : '', REQUESTS);
      if (status !== 200) throw new Error(`${path}: ${status} ${body}`);
      const result = JSON.parse(body) as { TotalPages: number; HasMore: boolean };
      const pages = `${result.TotalPages}${result.HasMore ? '+' : ''}`;
      const { page, count } = await explainShape(database, shape, isOperator);
      const median = percentile(times, 0.5);
      const p95 = percentile(times, 0.95);
      const sqlMs = page.ms + count.ms;
      const target = pageTarget(shape);
      const met = p95 < target && (database.kind === 'pglite' || median <= sqlMs * 1.5 + 2);
      allMet &&= met;
      table.push([
        who,
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
  }
  // What any API call costs beyond its queries: HTTP, the session check, validation, one trivial query.
  const health = await http.time('/api/v1/health', cookie, REQUESTS);
  console.log(`\n${label}: ${REQUESTS} запросов на вид, время в мс; ${machineLoad()}`);
  printTable(
    [
      'кто',
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

/** The search and an SRO's export on a PostgreSQL database of `size` trainees. */
async function measurePostgres(database: Database) {
  const server = await startApp(database);
  const met = await measureSearch(database, server, 'PostgreSQL', (shape) => shape.target);
  // An SRO's export: the one whose list is closest to 100,000 trainees.
  const [sro] = await sqlRows<{ id: number }>(
    database.db,
    sql`select organization_id as id from internship_facts group by 1
      order by abs(count(distinct intern_id) - 100000) limit 1`,
  );
  await measureExport(database, server, { org: String(sro!.id) });
  await server.close();
  return met;
}

async function benchPostgres(size: number) {
  if (args.database) {
    const database = await openDatabase({ url: args.database, dataDir: null });
    try {
      await database.migrate();
      const [count] = await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from interns`);
      if (count!.n === 0) await load(database, size);
      // The bench's operator of an earlier run is created again.
      await database.db.delete(accounts).where(eq(accounts.emailAddress, BENCH_LOGIN));
      return await measurePostgres(database);
    } finally {
      await database.close();
    }
  }
  let met = false;
  await withScratchPostgres(args['pg-url'], 'registry_bench', async (database) => {
    await load(database, size);
    met = await measurePostgres(database);
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
