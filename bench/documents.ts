/*
 * `npm run bench:documents [-- --pg 100000 --pglite 100000 --trainees 100000 --requests 50]`
 * (the numbers of basis documents; 0 skips a database)
 *
 * The '/documents' screen and the protocols' search at scale: loads generated trainees (load-trainees.ts)
 * and basis documents with their change protocols (load-documents.ts), then asks the app over HTTP for the
 * first and the last allowed page of each filter, beside the time the app spent in the database driver and
 * each query's server time and scans from EXPLAIN ANALYZE. Goal (issue #21, item 5): p95 < 50 ms on any
 * allowed page with 100,000 basis documents.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MAX_LIST_PAGES } from '@registry/shared';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { startBenchApp, withScratchPostgres, type BenchApp } from './bench-app.js';
import { loadDocuments } from './load-documents.js';
import { loadTrainees } from './load-trainees.js';
import { explainTime, median, ms, percentile, printTable, queriesOf } from './measure.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string', default: '100000' },
    pglite: { type: 'string', default: '100000' },
    trainees: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '50' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const REQUESTS = Number(args.requests);
const GOAL_MS = 50;
const LAST_PAGE = MAX_LIST_PAGES - 1;

const machineLoad = () => `загрузка машины ${loadavg()[0]!.toFixed(1)} (ядер: ${availableParallelism()})`;

interface Shape {
  name: string;
  path: string;
}

/** Each filter on its first page and on the last the list pages to: no allowed page costs more. */
function shapesOf(): Shape[] {
  const documents = (query: Record<string, string>) =>
    `/api/v1/archives/documents?${new URLSearchParams(query)}`;
  const protocols = (query: Record<string, string>) =>
    `/api/v1/archives/search?${new URLSearchParams(query)}`;
  const firstAndLast = (name: string, path: typeof documents, query: Record<string, string>) =>
    [0, LAST_PAGE].map((page) => ({
      name: `${name}, стр. ${page}`,
      path: path({ ...query, page: String(page) }),
    }));
  const year2020 = { from: '2020-01-01', to: '2020-12-31' };
  return [
    ...firstAndLast('документы без фильтра', documents, {}),
    ...firstAndLast('документы «вх» (номер, 60 %)', documents, { term: 'вх' }),
    ...firstAndLast('документы «кадастровых» (все СРО)', documents, { term: 'кадастровых' }),
    ...firstAndLast('документы «сибири» (одно СРО)', documents, { term: 'сибири' }),
    ...firstAndLast('документы за 2020 год', documents, year2020),
    ...firstAndLast('документы «п» за 2020 год', documents, { term: 'п', ...year2020 }),
    { name: 'документ по номеру «12345-вх»', path: documents({ term: '12345-вх' }) },
    { name: 'документы «щъ» (ни одного)', path: documents({ term: 'щъ' }) },
    ...firstAndLast('протоколы без фильтра', protocols, {}),
    ...firstAndLast('протоколы «вх»', protocols, { term: 'вх' }),
    ...firstAndLast('протоколы «сибири»', protocols, { term: 'сибири' }),
    { name: 'протоколы «щъ» (ни одного)', path: protocols({ term: 'щъ' }) },
  ];
}

async function measure(database: Database, server: BenchApp) {
  const lines: (string | number)[][] = [];
  const plans: string[] = [];
  let met = true;
  for (const shape of shapesOf()) {
    server.dbTimes.length = 0;
    const answer = await server.http.time(shape.path, server.cookie, REQUESTS, 5);
    if (answer.status !== 200)
      throw new Error(`${shape.path}: ${answer.status} ${answer.body.slice(0, 300)}`);
    const body = JSON.parse(answer.body) as { TotalPages: number; IsCapped?: boolean; Results: unknown[] };
    const db = server.dbTimes.slice(-REQUESTS);
    const queries = await queriesOf(database, () => server.http.time(shape.path, server.cookie, 1, 0));
    let sqlMs = 0;
    plans.push(`  ${shape.name}`);
    for (const query of queries) {
      const plan = await explainTime(database, query);
      sqlMs += plan.ms;
      plans.push(`    ${ms(plan.ms)} ms  ${plan.scans.join(', ')}`);
    }
    const p95 = percentile(answer.times, 0.95);
    met &&= p95 < GOAL_MS;
    lines.push([
      shape.name,
      `${body.TotalPages}${body.IsCapped ? '+' : ''}`,
      body.Results.length,
      ms(median(answer.times)),
      ms(p95),
      ms(median(db)),
      ms(sqlMs),
      p95 < GOAL_MS ? 'да' : 'нет',
    ]);
  }
  printTable(
    ['вид запроса', 'страниц', 'строк', 'HTTP медиана', 'HTTP p95', 'в драйвере', 'SQL', `p95 < ${GOAL_MS}`],
    lines,
  );
  // What any API call costs beyond its queries: HTTP, the session check, validation, one trivial query.
  const health = await server.http.time('/api/v1/health', server.cookie, REQUESTS);
  console.log(
    `Для сравнения, GET /api/v1/health (один select 1): медиана ${ms(median(health.times))}, p95 ${ms(percentile(health.times, 0.95))}`,
  );
  console.log(`\nПланы (время сервера каждого запроса, медиана 5, и его сканирования):\n${plans.join('\n')}`);
  return met;
}

async function bench(database: Database, documents: number) {
  const started = performance.now();
  await database.migrate();
  const trainees = Number(args.trainees);
  await loadTrainees(database, trainees, { chunk: database.kind === 'postgres' ? 20_000 : 10_000 });
  const server = await startBenchApp(database);
  try {
    const { protocols } = await loadDocuments(database, documents, trainees, server.operatorId);
    const loaded = [
      `${trainees.toLocaleString('ru')} стажёров`,
      `${documents.toLocaleString('ru')} документов`,
      `${protocols.toLocaleString('ru')} протоколов`,
    ];
    console.log(
      `\n${database.kind}: ${loaded.join(', ')} загружены за ${ms((performance.now() - started) / 1000)} с`,
    );
    console.log(`${REQUESTS} запросов на вид, время в мс; ${machineLoad()}`);
    const met = await measure(database, server);
    console.log(`(${machineLoad()})`);
    return met;
  } finally {
    await server.close();
  }
}

const results: boolean[] = [];
if (Number(args.pg) > 0) {
  await withScratchPostgres(args['pg-url'], 'registry_bench_documents', async (database) => {
    results.push(await bench(database, Number(args.pg)));
  });
}
if (Number(args.pglite) > 0) {
  const database = await openDatabase({ dataDir: null });
  try {
    results.push(await bench(database, Number(args.pglite)));
  } finally {
    await database.close();
  }
}
console.log(
  results.every(Boolean)
    ? `\nЦель документов достигнута: p95 < ${GOAL_MS} мс на каждой странице.`
    : '\nЦель документов не достигнута (см. «нет»).',
);
