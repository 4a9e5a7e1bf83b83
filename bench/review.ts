/*
 * `npm run bench:review [-- --pg 1000000 --pglite 100000 --rows 5000 --requests 300]` (0 skips a database)
 *
 * Row review at scale: loads generated trainees (bench/load-trainees.ts), uploads a change file over HTTP
 * whose rows match trainees by SNILS, by name and birth date only, or no one, then opens rows and submits
 * them one at a time over HTTP. Each request's time is set beside the time the app spent in the database
 * driver for it (bench/db-clock.ts): what the app adds around the SQL it runs. Prints the plan of the
 * matching query. Targets (review issue): on PostgreSQL at 1M, opening p95 < 100 ms and submitting p95 <
 * 150 ms, each within 2× of its SQL; on PGlite at 100k, within 3×.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ChangeReview } from '@registry/shared';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { relatedQuery } from '../apps/server/src/modules/intern/matching/intern-matching.repository.js';
import { sampleRow, sheetOf, snilsFrom, xlsxOf } from '../apps/server/src/test/change-files/workbooks.js';
import { acceptAll } from '../apps/server/src/test/review.js';
import { startBenchApp, uploadChangeFile, withScratchPostgres, type BenchApp } from './bench-app.js';
import { loadTrainees } from './load-trainees.js';
import { explainTime, median, ms, percentile, printTable } from './measure.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'string', default: '1000000' },
    pglite: { type: 'string', default: '100000' },
    rows: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '300' },
    'pg-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const ROWS = Number(args.rows);
const REQUESTS = Number(args.requests);

const machineLoad = () => `загрузка машины ${loadavg()[0]!.toFixed(1)} (ядер: ${availableParallelism()})`;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The change file's rows, in thirds: trainees of the import's SRO by SNILS (their own internship number, so
 * the internship merges), namesakes with a birth date and no SNILS in the register (found by name), and new
 * trainees.
 */
async function changeRows(database: Database, organizationId: number) {
  const third = Math.floor(ROWS / 3);
  const registered = rows<{ full_name: string; snils: string; birth: string; number: string }>(
    await database.db.execute(sql`
      select i.full_name, i.snils, e.data ->> 'DateOfBirth' as birth, f.registry_number as number
      from internship_facts f join interns i on i.id = f.intern_id
      join intern_entries e on e.intern_id = i.id and e.section = 'PersonalInfo'
      where f.organization_id = ${organizationId} and not i.is_deleted and i.full_name ~ '^\\S+ \\S+ \\S+$'
      order by i.id limit ${2 * third}`),
  );
  const person = (fullName: string) => {
    const [Фамилия, Имя, Отчество] = fullName.split(' ');
    return { Фамилия, Имя, Отчество };
  };
  const date = (iso: string) => new Date(`${iso}T00:00:00Z`);
  return Array.from({ length: ROWS }, (_, i) => {
    const kind = i % 3;
    const known = registered[Math.floor(i / 3) * 2 + (kind === 1 ? 1 : 0)];
    const base = {
      'Учебное заведение': undefined,
      'Уникальный идентификационный номер стажировки': `Р-${i}`,
    };
    if (kind === 0 && known) {
      const snils = `${known.snils.slice(0, 3)}-${known.snils.slice(3, 6)}-${known.snils.slice(6, 9)} ${known.snils.slice(9)}`;
      return sampleRow({
        ...base,
        ...person(known.full_name),
        СНИЛС: snils,
        'Дата рождения': date(known.birth),
        'Уникальный идентификационный номер стажировки': known.number,
      });
    }
    if (kind === 1 && known) {
      return sampleRow({
        ...base,
        ...person(known.full_name),
        СНИЛС: snilsFrom(990_000_000 + i),
        'Дата рождения': date(known.birth),
      });
    }
    const surname = `Новикова${i}`.replace(/\d/g, (digit) => 'абвгдежзик'[Number(digit)]!);
    return sampleRow({ ...base, Фамилия: surname, СНИЛС: snilsFrom(980_000_000 + i) });
  });
}

/** Times each request once and sets each beside its time in the database driver. */
async function timed(server: BenchApp, requests: { path: string; method?: string; body?: unknown }[]) {
  server.dbTimes.length = 0;
  const answers = await server.http.each(requests, server.cookie);
  const failed = answers.find((answer) => answer.status !== 200);
  if (failed) throw new Error(`request answered ${failed.status}: ${failed.body.slice(0, 300)}`);
  return {
    http: answers.map((answer) => answer.ms),
    db: [...server.dbTimes],
    bodies: answers.map((a) => a.body),
  };
}

async function bench(
  database: Database,
  size: number,
  target: { open: number; submit: number; ratio: number },
) {
  const loadStarted = performance.now();
  await database.migrate();
  const { organizations } = await loadTrainees(database, size, {
    chunk: database.kind === 'postgres' ? 20_000 : 10_000,
  });
  console.log(
    `\n${database.kind}: ${size.toLocaleString('ru')} стажёров загружены за ${ms((performance.now() - loadStarted) / 1000)} с`,
  );
  const organizationId = organizations[0]!.id;
  const file = await xlsxOf(sheetOf(await changeRows(database, organizationId)));
  const server = await startBenchApp(database);
  try {
    const { importId, changeIds } = await uploadChangeFile(server, organizationId, file);
    // Rows spread over the file, every third of each kind; the first ones warm up and are not counted.
    const step = Math.max(1, Math.floor(changeIds.length / (2 * REQUESTS + 40)));
    const picked = changeIds.filter((_, i) => i % step === 0);
    const url = (id: number) => `/api/v1/imports/${importId}/changes/${id}`;
    await timed(
      server,
      picked.slice(0, 20).map((id) => ({ path: url(id) })),
    );
    const openIds = picked.slice(20, 20 + REQUESTS);
    const opened = await timed(
      server,
      openIds.map((id) => ({ path: url(id) })),
    );
    const kinds = opened.bodies.map((body) => (JSON.parse(body) as ChangeReview).MatchedBy);

    const submitIds = picked.slice(20 + REQUESTS, 20 + 2 * REQUESTS);
    const reviews = await timed(
      server,
      submitIds.map((id) => ({ path: url(id) })),
    );
    const submits = submitIds.map((id, i) => {
      const review = JSON.parse(reviews.bodies[i]!) as ChangeReview;
      return {
        path: `${url(id)}/submit/${review.Intern?.Id ?? 'new'}`,
        method: 'POST',
        body: acceptAll(review),
      };
    });
    const submitted = await timed(server, submits);

    console.log(
      `Импорт на ${changeIds.length} строк; ${machineLoad()}; сопоставление: ${['snils', 'fullName', 'none'].map((kind) => `${kind} ${kinds.filter((k) => k === kind).length}`).join(', ')}`,
    );
    const line = (name: string, times: { http: number[]; db: number[] }, goal: number) => {
      const p95 = percentile(times.http, 0.95);
      const ratio = p95 / percentile(times.db, 0.95);
      return [
        name,
        ms(median(times.http)),
        ms(p95),
        ms(median(times.db)),
        ms(percentile(times.db, 0.95)),
        Number(ratio.toFixed(2)),
        p95 < goal && ratio <= target.ratio ? 'да' : 'нет',
      ];
    };
    printTable(
      ['запрос', 'HTTP медиана', 'HTTP p95', 'SQL медиана', 'SQL p95', 'p95 HTTP/SQL', 'цель'],
      [
        line(`открыть строку (p95 < ${target.open})`, opened, target.open),
        line(`внести строку (p95 < ${target.submit})`, submitted, target.submit),
      ],
    );

    const sample = JSON.parse(opened.bodies[0]!) as ChangeReview;
    const keys = {
      snils: sample.PersonalInfo.New!.Snils?.replace(/\D/g, '') ?? null,
      fullName: [
        sample.PersonalInfo.New!.LastName,
        sample.PersonalInfo.New!.FirstName,
        sample.PersonalInfo.New!.PatronymicName,
      ]
        .filter(Boolean)
        .join(' '),
      dateOfBirth: sample.PersonalInfo.New!.DateOfBirth,
      organizationId,
      registryNumber: sample.Internship.New?.RegistryNumber ?? null,
    };
    const plan = await explainTime(
      database,
      // A dialect with the casing client.ts gives the app's, so the very text and parameters the app sends.
      new PgDialect({ casing: 'snake_case' }).sqlToQuery(relatedQuery(keys)),
    );
    console.log(`Запрос сопоставления: ${plan.ms} ms; ${plan.scans.join(', ')}`);
  } finally {
    await server.close();
  }
}

if (Number(args.pg) > 0) {
  await withScratchPostgres(args['pg-url'], 'registry_bench_review', (database) =>
    bench(database, Number(args.pg), { open: 100, submit: 150, ratio: 2 }),
  );
}
if (Number(args.pglite) > 0) {
  const database = await openDatabase({ dataDir: null });
  try {
    await bench(database, Number(args.pglite), { open: 100, submit: 150, ratio: 3 });
  } finally {
    await database.close();
  }
}
