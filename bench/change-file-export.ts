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
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { createChangeFileExportRepository } from '../apps/server/src/modules/imports/change-file-export.repository.js';
import { BATCH } from '../apps/server/src/modules/imports/change-file-export.js';
import { readWorkbook } from '../apps/server/src/test/workbook.js';
import { logIn } from './bench-app.js';
import {
  checkRows,
  commonOptions,
  download,
  loadSro,
  machineLoad,
  mb,
  prepare,
  REPRESENTATIVE,
  startServer,
  withSroOnPostgres,
  type Download,
} from './change-file-bench.js';
import { explainTime, median, ms, printTable, queriesOf } from './measure.js';

const { values: args } = parseArgs({
  options: {
    ...commonOptions,
    runs: { type: 'string', default: '5' },
    pglite: { type: 'string', default: '0' },
  },
});
const SRO_TRAINEES = Number(args.sro);
const RUNS = Math.max(3, Number(args.runs));
const TARGET_SECONDS = 3;
const TARGET_GROWTH_MB = 100;

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
  const server = await startServer(where, { profile: args.profile });
  const downloads: Download[] = [];
  try {
    const cookie = await logIn(server.port, REPRESENTATIVE);
    while (downloads.length <= RUNS) {
      const { file, ...result } = await download(server, cookie);
      checkRows(await readWorkbook(file), expected);
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

async function benchPostgres() {
  await withSroOnPostgres(args, 'registry_bench_export', async (database, url, sro) => {
    await measure('PostgreSQL', { url }, sro.rows);
    await explainQueries(database, sro.id);
  });
}

/** PGlite in a folder, loaded here and closed, then opened by the server's process. */
async function benchPglite(register: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-bench-export-'));
  try {
    const database = await openDatabase({ dataDir });
    let expected: number;
    try {
      expected = await prepare(database, await loadSro(database, register, SRO_TRAINEES));
    } finally {
      await database.close();
    }
    await measure('PGlite', { dataDir }, expected);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (Number(args.register) > 0) await benchPostgres();
if (Number(args.pglite) > 0) await benchPglite(Number(args.pglite));
