/*
 * The whole upload of a change file over HTTP on PostgreSQL, beside the reader's own time in that upload (as
 * the server logs it): what storing the import and its rows adds (target < 300 ms for 5,000 rows). Then the import list and the detail of that
 * 5,000-row import (target p95 < 50 ms). Run with `npm run bench:import`, after the reader's benchmark.
 */
import { pino } from 'pino';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { sampleRow, sheetOf, snilsFrom, xlsxOf } from '../apps/server/src/test/change-files/workbooks.js';
import { createAccount, createOrganization } from '../apps/server/src/test/factories.js';
import { createHttpClient, median, percentile } from './measure.js';

const ROWS = Number(process.argv.find((arg) => arg.startsWith('--rows='))?.slice(7) ?? 5000);
const RUNS = 5;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const ms = (value: number) => `${value.toFixed(1)} ms`;

const name = `registry_bench_upload_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

try {
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'warn',
    DATA_DIR: '/tmp/registry-bench',
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: null });
  await database.migrate();
  const sro = await createOrganization(database.db, { name: 'СРО «Бенчмарк»', registryNumber: '901' });
  const operator = await createAccount(database.db, {
    email: 'bench@example.org',
    password: 'bench-password',
  });

  process.stdout.write(`Генерация файла изменений на ${ROWS} строк…\n`);
  const rows = Array.from({ length: ROWS }, (_, i) =>
    sampleRow({
      Фамилия: `Иванова${i}`.replace(/\d/g, (d) => 'абвгдежзик'[Number(d)]!),
      СНИЛС: snilsFrom(200_000_000 + i),
      'Уникальный идентификационный номер стажировки': `Б-${i}`,
      'Учебное заведение': undefined,
    }),
  );
  const excel = await xlsxOf(sheetOf(rows));

  const readerTimes: number[] = [];
  const app = await buildApp({
    config,
    database,
    mailer: { send: async () => {} },
    // The upload logs how long its reader took: the time to set beside the whole upload's.
    logger: pino(
      { level: 'info' },
      {
        write(line: string) {
          const entry = JSON.parse(line) as { msg?: string; elapsedMs?: number };
          if (entry.msg === 'change file read') readerTimes.push(entry.elapsedMs!);
        },
      },
    ),
    webRoot: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}/api/v1`;
  const login = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-registry-client': 'web' },
    body: JSON.stringify({ Id: operator.email, Password: operator.password }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

  const uploadTimes: number[] = [];
  const storingTimes: number[] = [];
  let importId = 0;
  for (let i = 0; i < RUNS; i++) {
    // Between uploads the server has loaded its next reader worker, as the reader's runs above had.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const form = new FormData();
    form.append('data', JSON.stringify({ importSchools: false, organizationId: sro.id }));
    form.append('file', new Blob([excel]), 'bench.xlsx');
    const started = performance.now();
    const response = await fetch(`${base}/imports`, {
      method: 'POST',
      headers: { cookie, 'x-registry-client': 'web' },
      body: form,
    });
    uploadTimes.push(performance.now() - started);
    storingTimes.push(uploadTimes.at(-1)! - readerTimes.at(-1)!);
    if (response.status !== 201)
      throw new Error(`upload answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    importId = ((await response.json()) as { Id: number }).Id;
  }

  const client = createHttpClient(port);
  const list = await client.time('/api/v1/imports?page=0', cookie, 50);
  const detail = await client.time(`/api/v1/imports/${importId}`, cookie, 50);
  await client.close();
  await app.close();
  await database.close();

  process.stdout.write(
    [
      '',
      `Загрузка файла изменений на ${ROWS} строк (.xlsx, ${(excel.length / 1_048_576).toFixed(1)} МБ) по HTTP, PostgreSQL; медиана ${RUNS} прогонов`,
      `  чтение файла (воркер):            ${ms(median(readerTimes))}`,
      `  загрузка целиком (POST /imports): ${ms(median(uploadTimes))}`,
      `  сохранение импорта и строк:       ${ms(median(storingTimes))}   (цель < 300 ms; по прогонам: ${storingTimes.map((time) => time.toFixed(0)).join(', ')})`,
      '',
      'Открытие списка и карточки импорта, 50 запросов после прогрева',
      `  GET /imports          медиана ${ms(median(list.times))}, p95 ${ms(percentile(list.times, 0.95))}   (цель p95 < 50 ms)`,
      `  GET /imports/{id} (${ROWS} строк) медиана ${ms(median(detail.times))}, p95 ${ms(percentile(detail.times, 0.95))}   (цель p95 < 50 ms)`,
      '',
    ].join('\n'),
  );
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
