/*
 * `npm run bench:stats [-- --pg 1000000 --pglite 0 --runs 40]` (0 skips a database)
 *
 * Statistics per SRO at scale: loads generated trainees (bench/load-trainees.ts), gives them five years of
 * history the statistics read (ends of terminated and completed internships, pauses, and the SROs' change
 * files with what became of them), then asks the app over HTTP for the whole table of every SRO for each
 * year, for one SRO, and for the five years together, beside the time the app spent in the database driver.
 * Prints the plan of every query one table runs. Target (statistics issue): on PostgreSQL at 1M, the whole
 * table for all SROs and one year p95 < 500 ms, with no query per SRO.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { startBenchApp, withScratchPostgres, type BenchApp } from './bench-app.js';
import { loadTrainees } from './load-trainees.js';
import { explainTime, median, ms, percentile, printTable, queriesOf } from './measure.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string', default: '1000000' },
    pglite: { type: 'string', default: '0' },
    runs: { type: 'string', default: '40' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const RUNS = Number(args.runs);
const YEARS = [2021, 2022, 2023, 2024, 2025];
const TARGET_MS = 500;

/**
 * What the loader leaves out and the statistics read: terminated and completed internships end 6 to 24
 * months after they began, one internship in seven is paused (one in 21 twice), and every SRO sends a change
 * file every three days over the five years, most processed, some rejected whole, the latest still waiting.
 */
async function addHistory(database: Database, uploaderId: number) {
  const { db } = database;
  await db.execute(sql`
    update internship_facts set ended_at = started_at + (180 + (entry_id::bigint * 7919) % 540)::int
    where status in (2, 3)`);
  await db.execute(sql`
    insert into internship_pauses (entry_id, intern_id, organization_id, paused_at)
    select entry_id, intern_id, organization_id, started_at + (30 + entry_id % 200)
    from internship_facts where entry_id % 7 = 0
    union all
    select entry_id, intern_id, organization_id, started_at + (260 + entry_id % 90)
    from internship_facts where entry_id % 21 = 0`);
  await db.execute(sql`
    insert into stored_files (name, size, nominal_extension, extension, content_type, sha256, content)
    values ('bench.xlsx', 1, 'xlsx', 'xlsx', 'application/octet-stream', repeat('0', 64), '\\x00'::bytea)`);
  await db.execute(sql`
    insert into imports (organization_id, imported_by_id, imported_at, deadline_at, status, file_id,
                         row_count, pending_count, rejected_count, handled_at, rejected_at)
    select o.id, ${uploaderId}, f.at, f.at + interval '14 days', f.status, (select max(id) from stored_files),
           f.rows, case when f.status = 0 then f.rows else 0 end,
           case when f.status = 2 then f.rows / 10 else 0 end,
           case when f.status = 2 then f.at + make_interval(hours => 2 + f.hash % 500) end,
           case when f.status = 3 then f.at + make_interval(hours => 1 + f.hash % 100) end
    from organizations o
    cross join generate_series(timestamptz '2021-01-01 09:00+03', timestamptz '2025-12-31 09:00+03',
                               interval '3 days') as day(at)
    cross join lateral (select day.at, abs(hashtext(o.id || ':' || day.at::text)) as hash) h
    cross join lateral (select h.at, h.hash, 5 + h.hash % 200 as rows,
      case when h.at > timestamptz '2025-12-20' then 0 when h.hash % 20 = 0 then 3 else 2 end as status) f`);
  for (const table of ['internship_facts', 'internship_pauses', 'imports']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

async function timeTable(server: BenchApp, path: string) {
  server.dbTimes.length = 0;
  const answer = await server.http.time(path, server.cookie, RUNS, 5);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
  const db = server.dbTimes.slice(-RUNS);
  return { http: answer.times, db, body: JSON.parse(answer.body) as { Totals: Record<string, number> } };
}

async function bench(database: Database, size: number) {
  const started = performance.now();
  await database.migrate();
  const { organizations } = await loadTrainees(database, size, {
    chunk: database.kind === 'postgres' ? 20_000 : 10_000,
  });
  const server = await startBenchApp(database);
  try {
    await addHistory(database, server.operatorId);
    console.log(
      `\n${database.kind}: ${size.toLocaleString('ru')} стажёров и пять лет истории загружены за ${ms((performance.now() - started) / 1000)} с; загрузка машины ${loadavg()[0]!.toFixed(1)} (ядер: ${availableParallelism()})`,
    );
    const table = (from: string, to: string, org?: number) =>
      `/api/v1/stats/organizations?from=${from}&to=${to}${org ? `&org=${org}` : ''}`;
    const shapes = [
      ...YEARS.map((year) => ({
        name: `все СРО, ${year} год`,
        path: table(`${year}-01-01`, `${year}-12-31`),
        goal: TARGET_MS,
      })),
      { name: 'одно СРО, 2024 год', path: table('2024-01-01', '2024-12-31', organizations[0]!.id), goal: 0 },
      { name: 'все СРО, 2021–2025', path: table('2021-01-01', '2025-12-31'), goal: 0 },
    ];
    const lines: (string | number)[][] = [];
    let met = true;
    for (const shape of shapes) {
      const times = await timeTable(server, shape.path);
      const p95 = percentile(times.http, 0.95);
      if (shape.goal > 0 && p95 >= shape.goal) met = false;
      lines.push([
        shape.name,
        times.body.Totals.Accepted!,
        ms(median(times.http)),
        ms(p95),
        ms(median(times.db)),
        ms(percentile(times.db, 0.95)),
        shape.goal > 0 ? (p95 < shape.goal ? 'да' : 'нет') : '—',
      ]);
    }
    printTable(
      ['таблица', 'принято', 'HTTP медиана', 'HTTP p95', 'SQL медиана', 'SQL p95', `p95 < ${TARGET_MS}`],
      lines,
    );

    const queries = await queriesOf(database, () =>
      server.http.time(table('2024-01-01', '2024-12-31'), server.cookie, 1, 0),
    );
    console.log(`\nЗапросы одной таблицы (все СРО, 2024 год): ${queries.length}`);
    for (const query of queries) {
      const plan = await explainTime(database, query);
      const first = query.sql.replace(/\s+/g, ' ').slice(0, 70);
      console.log(`  ${ms(plan.ms)} ms  ${first}…\n           ${plan.scans.join(', ')}`);
    }
    console.log(met ? '\nЦель статистики достигнута.' : '\nЦель статистики не достигнута (см. «нет»).');
  } finally {
    await server.close();
  }
}

if (Number(args.pg) > 0) {
  await withScratchPostgres(args['pg-url'], 'registry_bench_stats', (database) =>
    bench(database, Number(args.pg)),
  );
}
if (Number(args.pglite) > 0) {
  const database = await openDatabase({ dataDir: null });
  try {
    await bench(database, Number(args.pglite));
  } finally {
    await database.close();
  }
}
