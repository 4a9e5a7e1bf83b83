/*
 * `npm run bench:review-ui [-- --rows 100]`
 *
 * The row review as an operator drives it, in Chromium from the keyboard: a change file of clean rows (each
 * matched by SNILS to a trainee of the register, a phone number changed) is opened with 'Начать обработку',
 * and each row is accepted with one Ctrl+Enter, after which the next row opens by itself. Prints the actions
 * per row and the time per row, from the key press to the next row ready (its trainee's name as the focused
 * heading and 'Сохранить' enabled). Goal (issue #20, item 12), on a quiet two-core machine: median ≤ 250 ms,
 * p95 ≤ 500 ms, 100 rows in under 60 s. The app runs on the embedded PGlite, the app's default, with the built
 * web app (`npm run build` first: the script's npm entry does it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type ChangeReview } from '@registry/shared';
import { openDatabase } from '../apps/server/src/db/client.js';
import { defaultWebRoot } from '../apps/server/src/plugins/web.js';
import { createOrganization } from '../apps/server/src/test/factories.js';
import { sampleRow, sheetOf, snilsFrom, xlsxOf } from '../apps/server/src/test/change-files/workbooks.js';
import { acceptAll } from '../apps/server/src/test/review.js';
import { startBenchApp, uploadChangeFile, type BenchApp } from './bench-app.js';
import { median, ms, percentile, printTable } from './measure.js';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100' } } });
const ROWS = Number(args.rows);
const GOAL = { median: 250, p95: 500, totalSeconds: 60 };

const machineLoad = () => `загрузка машины ${loadavg()[0]!.toFixed(1)} (ядер: ${availableParallelism()})`;

/** A surname of letters only, one per row: names take no digits. */
const surnameOf = (index: number) =>
  `Скоростная${String(index)
    .padStart(3, '0')
    .replace(/\d/g, (digit) => 'абвгдежзик'[Number(digit)]!)}`;

/** The rows of the trainees: each its own SNILS and internship number; the sample's school is added once. */
function rowsOf(phone: string) {
  return Array.from({ length: ROWS }, (_, index) =>
    sampleRow({
      Фамилия: surnameOf(index),
      СНИЛС: snilsFrom(970_000_000 + index),
      'Уникальный идентификационный номер стажировки': `Б-${index + 1}`,
      Телефон: phone,
    }),
  );
}

/** Enters the trainees as an operator would from a first file: each row accepted as a new trainee, over HTTP. */
async function enterTrainees(server: BenchApp, organizationId: number) {
  const file = await xlsxOf(sheetOf(rowsOf('+7 900 000-00-01')));
  const { importId, changeIds } = await uploadChangeFile(server, organizationId, file, {
    importSchools: true,
  });
  const headers = {
    cookie: server.cookie,
    [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
    'content-type': 'application/json',
  };
  const base = `http://127.0.0.1:${server.port}/api/v1/imports/${importId}/changes`;
  for (const changeId of changeIds) {
    const review = (await (
      await fetch(`${base}/${changeId}?intern=new`, { headers })
    ).json()) as ChangeReview;
    const saved = await fetch(`${base}/${changeId}/submit/new`, {
      method: 'POST',
      headers,
      body: JSON.stringify(acceptAll(review)),
    });
    if (saved.status !== 200) throw new Error(`entering a trainee: ${saved.status} ${await saved.text()}`);
  }
}

/**
 * Waits until the row of this trainee is ready to be decided: its name the focused heading, 'Сохранить'
 * enabled. Checked in the page on every frame, so that the wait ends with the frame that shows it.
 */
async function rowReady(page: Page, index: number) {
  await page.waitForFunction(
    (surname) => {
      const focused = document.activeElement;
      const save = [...document.querySelectorAll('button')].find((button) =>
        (button.textContent ?? '').startsWith('Сохранить'),
      );
      return (
        focused?.tagName === 'H1' &&
        (focused.textContent ?? '').startsWith(surname) &&
        save !== undefined &&
        !save.disabled
      );
    },
    surnameOf(index),
    { polling: 'raf', timeout: 30_000 },
  );
}

async function reviewInBrowser(server: BenchApp, importId: number) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${server.port}`,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      viewport: { width: 1366, height: 768 },
    });
    const [name, value] = server.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
    const page = await context.newPage();
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && /\/api\/v1\/imports\/\d+\/changes\/\d+(\?|$)/.test(request.url()))
        reads.push(request.url());
    });
    await page.goto(`/imports/${importId}`);
    await page.getByRole('link', { name: 'Начать обработку' }).click();
    await rowReady(page, 0);

    const times: number[] = [];
    const started = performance.now();
    for (let index = 0; index < ROWS; index++) {
      const pressed = performance.now();
      await page.keyboard.press('Control+Enter');
      if (index + 1 < ROWS) await rowReady(page, index + 1);
      else await page.getByRole('dialog').waitFor();
      times.push(performance.now() - pressed);
    }
    const total = (performance.now() - started) / 1000;
    return { times, total, reads: reads.length };
  } finally {
    await browser.close();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-review-ui-'));
const database = await openDatabase({ dataDir });
try {
  await database.migrate();
  const server = await startBenchApp(database, { webRoot: defaultWebRoot });
  try {
    const organizationId = (await createOrganization(database.db, { name: 'СРО «Скорость»' })).id;
    await enterTrainees(server, organizationId);
    const file = await xlsxOf(sheetOf(rowsOf('+7 900 000-00-02')));
    const { importId } = await uploadChangeFile(server, organizationId, file);
    console.log(`\nPGlite, ${ROWS} чистых строк (совпадение по СНИЛС, изменён телефон); ${machineLoad()}`);
    const { times, total, reads } = await reviewInBrowser(server, importId);
    printTable(
      ['', 'получено', 'цель'],
      [
        ['действий на строку', 1, 1],
        ['медиана, мс (Ctrl+Enter → следующая строка готова)', ms(median(times)), `≤ ${GOAL.median}`],
        ['p95, мс', ms(percentile(times, 0.95)), `≤ ${GOAL.p95}`],
        [`все ${ROWS} строк, с`, ms(total), `< ${GOAL.totalSeconds}`],
        ['чтений строки на строку', ms(reads / ROWS), 1],
      ],
    );
    console.log(`\n${machineLoad()}`);
  } finally {
    await server.close();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
