/// <reference lib="dom" />
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
 *
 * A busy machine slows every row (issue #34, item 13), so the run also measures, in the same browser and the
 * same way, a bare baseline: a static copy of a row's page (the same DOM, scripts removed) put in place of
 * another's and shown; the figure that holds from a quiet machine to a busy one is the ratio of the two. It
 * prints the machine's load before and after, and what each row costs the browser: its HTTP requests by kind
 * (`page.on('request')`) and React's commits (through the hook React gives its developer tools, installed
 * before the app loads, so the production build is measured as it is).
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

const machineLoad = () =>
  `загрузка машины (os.loadavg, 1/5/15 мин): ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')} (ядер: ${availableParallelism()})`;

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

/**
 * Counts React's commits in the page: React calls its developer tools' hook on every commit, also in the
 * production build, when the hook is there before React loads. Text, not a function: a function compiled by
 * tsx would carry helpers the page does not have.
 */
const countReactCommits = `
  window.__benchReact = { commits: 0 };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: () => { window.__benchReact.commits += 1; },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    checkDCE: () => {},
  };
`;

// Read as the script above writes it, by its text: the bench's types know no such property of the page's window.
const reactCommits = (page: Page) => page.evaluate<number>('window.__benchReact.commits');

/** An API request by kind: its method and path, ids as ':id'. */
const requestKind = (method: string, url: string) =>
  `${method} ${new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, '/:id')}`;

/**
 * The page as the browser shows it, as static HTML: its body and every style rule in force (MUI's styles are
 * inserted as rules, not written into their style tags), without scripts.
 */
const pageSnapshot = (page: Page) =>
  page.evaluate(() => {
    const rules = [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText),
    );
    const body = document.body.innerHTML.replace(/<script[\s\S]*?<\/script>/g, '');
    return { head: `<style>${rules.join('\n')}</style>`, body };
  });

type Snapshot = Awaited<ReturnType<typeof pageSnapshot>>;

/**
 * The bare baseline: a row's page as the browser showed it (its DOM and styles, no scripts) set in place of
 * another row's and shown, timed from Node as a row is, from the call to the frame after it. The same work of
 * layout and paint as a row's, without the app's network, data and React.
 */
async function bareBaseline(page: Page, snapshots: [Snapshot, Snapshot], runs: number) {
  await page.setContent(
    `<!doctype html><html lang="ru"><head>${snapshots[0].head}</head><body></body></html>`,
  );
  const bodies = snapshots.map((snapshot) => snapshot.body);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await page.evaluate(
      (body) =>
        new Promise<void>((resolve) => {
          document.body.innerHTML = body;
          // Laid out, then painted: the frame after the one that took the change.
          void document.body.offsetHeight;
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
      bodies[run % 2]!,
    );
    times.push(performance.now() - started);
  }
  return { times, elements: await page.evaluate(() => document.getElementsByTagName('*').length) };
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
    await context.addInitScript({ content: countReactCommits });
    const page = await context.newPage();
    const requests = new Map<string, number>();
    let isCounting = false;
    page.on('request', (request) => {
      if (!isCounting || !request.url().includes('/api/')) return;
      const kind = requestKind(request.method(), request.url());
      requests.set(kind, (requests.get(kind) ?? 0) + 1);
    });
    await page.goto(`/imports/${importId}`);
    await page.getByRole('link', { name: 'Начать обработку' }).click();
    await rowReady(page, 0);
    const snapshots: Snapshot[] = [await pageSnapshot(page)];

    const times: number[] = [];
    isCounting = true;
    const commitsBefore = await reactCommits(page);
    const started = performance.now();
    for (let index = 0; index < ROWS; index++) {
      const pressed = performance.now();
      await page.keyboard.press('Control+Enter');
      if (index + 1 < ROWS) await rowReady(page, index + 1);
      else await page.getByRole('dialog').waitFor();
      times.push(performance.now() - pressed);
      if (index === 0) snapshots.push(await pageSnapshot(page));
    }
    const total = (performance.now() - started) / 1000;
    // The claim let go a second after a screen leaves its row would fall after the last row: waited for.
    await page.waitForTimeout(1_500);
    isCounting = false;
    const commits = (await reactCommits(page)) - commitsBefore;
    const baseline = await bareBaseline(page, snapshots as [Snapshot, Snapshot], Math.min(ROWS, 50));
    return { times, total, requests, commits, baseline };
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
    console.log(`\nPGlite, ${ROWS} чистых строк (совпадение по СНИЛС, изменён телефон)`);
    console.log(`до: ${machineLoad()}`);
    const { times, total, requests, commits, baseline } = await reviewInBrowser(server, importId);
    const bare = median(baseline.times);
    printTable(
      ['', 'получено', 'цель'],
      [
        ['действий на строку', 1, 1],
        ['медиана, мс (Ctrl+Enter → следующая строка готова)', ms(median(times)), `≤ ${GOAL.median}`],
        ['p95, мс', ms(percentile(times, 0.95)), `≤ ${GOAL.p95}`],
        [`все ${ROWS} строк, с`, ms(total), `< ${GOAL.totalSeconds}`],
        [
          `голый браузер: та же страница без скриптов (${baseline.elements} элементов), медиана, мс`,
          ms(bare),
          '',
        ],
        ['голый браузер, p95, мс', ms(percentile(baseline.times, 0.95)), ''],
        ['отношение медиан: строка / голый браузер', (median(times) / bare).toFixed(1), ''],
        ['коммитов React на строку', ms(commits / ROWS), ''],
        ['HTTP-запросов на строку', ms([...requests.values()].reduce((sum, n) => sum + n, 0) / ROWS), ''],
      ],
    );
    console.log('\nHTTP-запросы на строку по видам:');
    for (const [kind, count] of [...requests].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`  ${kind}: ${ms(count / ROWS)}`);
    console.log(`\nпосле: ${machineLoad()}`);
  } finally {
    await server.close();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
