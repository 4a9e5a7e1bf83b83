/*
 * `npm run bench:roundtrip [-- --register 100000 --sro 10000 --runs 3 --edited-rows 100 --register-saves 100
 *   --database URL --profile DIR]`
 *
 * The pre-filled change file's round trip (issue #36, item 9): loads the SRO as bench:export-change-file does
 * (change-file-bench.ts), starts the built app in a process of its own, and `--runs` times: downloads the SRO's
 * file as its representative; saves `--register-saves` of its trainees' cards through the API, as an operator
 * would after the download (their rows then go the three-way path: as downloaded, rebuilt from the history,
 * as sent, as the register is now); uploads the file back untouched as an operator, then the file with three
 * cells edited in each of `--edited-rows` rows (a phone, a date, a school from the dictionary). Each step is
 * timed with the server's processor time and its resident memory's growth, and each import read back: the
 * untouched file must queue no row and leave every row «Без изменений», the edited one must queue exactly the
 * edited rows, or the script fails (the timings never fail it). Goals: the download ≤ 3 s, an upload ≤ 5 s.
 * `--profile DIR` writes the server's CPU profile there.
 */
import { parseArgs } from 'node:util';
import type ExcelJS from 'exceljs';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type Import } from '@registry/shared';
import { KEYS_SHEET_NAME } from '../apps/server/src/modules/imports/rows/change-file-keys-sheet.js';
import { changeFileColumns } from '../apps/server/src/modules/imports/rows/change-file-columns.js';
import { FIRST_DATA_ROW } from '../apps/server/src/modules/imports/change-file-template.js';
import { schoolNames } from '../apps/server/src/seed/names.js';
import { readWorkbook } from '../apps/server/src/test/workbook.js';
import { logIn, postChangeFile } from './bench-app.js';
import {
  checkRows,
  commonOptions,
  download,
  machineLoad,
  mb,
  OPERATOR,
  REPRESENTATIVE,
  startServer,
  watched,
  withSroOnPostgres,
  type Server,
  type ServerCost,
} from './change-file-bench.js';
import { median, ms, printTable } from './measure.js';

const { values: args } = parseArgs({
  options: {
    ...commonOptions,
    runs: { type: 'string', default: '3' },
    'edited-rows': { type: 'string', default: '100' },
    'register-saves': { type: 'string', default: '100' },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const EDITED_ROWS = Number(args['edited-rows']);
const REGISTER_SAVES = Number(args['register-saves']);
const DOWNLOAD_GOAL_SECONDS = 3;
const UPLOAD_GOAL_SECONDS = 5;
/** The cells edited in each edited row: a text, a date, a value of a dictionary. */
const EDITED_HEADERS = ['Телефон', 'Дата рождения', 'Учебное заведение'] as const;

const column = (header: string) => changeFileColumns.findIndex((each) => each.header === header) + 2;

/** `count` data rows spread over the file's `rows`, from `offset` (a share of the gap between two of them). */
const spread = (rows: number, count: number, offset: number) =>
  Array.from({ length: Math.min(count, rows) }, (_, i) => Math.floor(((i + offset) * rows) / count));

/** A value other than the cell's: each kind of edit the file's drop-downs and formats allow. */
function editedValue(header: (typeof EDITED_HEADERS)[number], value: ExcelJS.CellValue, row: number) {
  if (header === 'Телефон') return `+7 999 000-${String(row).padStart(4, '0')}`;
  if (header === 'Дата рождения') {
    return value instanceof Date ? new Date(value.getTime() + 86_400_000) : new Date(Date.UTC(1990, 0, 1));
  }
  return schoolNames.find((name) => name !== value)!;
}

/** The downloaded file with the cells of `rows` (data rows from 0) edited, as a clerk would in Excel. */
async function editedFile(workbook: ExcelJS.Workbook, rows: number[]) {
  const sheet = workbook.getWorksheet('Данные')!;
  for (const index of rows) {
    const row = sheet.getRow(FIRST_DATA_ROW + index);
    for (const header of EDITED_HEADERS) {
      const cell = row.getCell(column(header));
      cell.value = editedValue(header, cell.value, FIRST_DATA_ROW + index);
    }
  }
  // Excel keeps the keys as the register wrote them: a sheet the clerk cannot see.
  if (workbook.getWorksheet(KEYS_SHEET_NAME)?.state !== 'veryHidden')
    throw new Error('the keys sheet is lost');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The operator's calls to the app, as the web app makes them. */
function operatorApi(server: Server, cookie: string) {
  const base = `http://127.0.0.1:${server.port}/api/v1`;
  const headers = { cookie, [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
  const get = async <T>(path: string) => {
    const response = await fetch(`${base}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    importOf: (importId: number) => get<Import>(`/imports/${importId}?rows=counts`),
    /** The file's row numbers of the first page of an import's rows in a state: the evidence of a wrong count. */
    rowNumbers: async (importId: number, state: string) =>
      (
        await get<{ Results: { RowNumber: number }[] }>(`/imports/${importId}/changes?state=${state}`)
      ).Results.map((row) => row.RowNumber),
    /** Saves the trainee's card with another patronymic, as an operator does, under a protocol of its own. */
    async changeCard(internId: number, protocol: string) {
      const card = await get<{ PersonalInfo: { PatronymicName: string | null }[] }>(`/interns/${internId}`);
      const [person, ...others] = card.PersonalInfo;
      const patronymic = person!.PatronymicName === 'Реестровна' ? 'Реестрова' : 'Реестровна';
      const response = await fetch(`${base}/interns/${internId}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          IsCorrecting: false,
          Intern: { ...card, PersonalInfo: [{ ...person, PatronymicName: patronymic }, ...others] },
          Protocol: { number: protocol, date: '2026-11-20' },
        }),
      });
      if (!response.ok)
        throw new Error(`PUT /interns/${internId}: ${response.status} ${await response.text()}`);
    },
  };
}

interface Step extends ServerCost {
  step: string;
  run: number;
  pending?: number;
  unchanged?: number;
}

/** The import's counts against what the file should give; a line of what is wrong, if anything. */
async function checkImport(
  api: ReturnType<typeof operatorApi>,
  importId: number,
  expected: { pending: number; unchanged: number },
) {
  const detail = await api.importOf(importId);
  const wrong =
    detail.PendingCount !== expected.pending ||
    detail.UnchangedCount !== expected.unchanged ||
    detail.RejectedCount !== 0 ||
    detail.StateCounts.conflicting !== 0 ||
    detail.Notices.length > 0;
  const failure = wrong
    ? `импорт ${importId}: в очереди ${detail.PendingCount} (ожидалось ${expected.pending}), без изменений ` +
      `${detail.UnchangedCount} (ожидалось ${expected.unchanged}), отклонено ${detail.RejectedCount}, ` +
      `конфликтов ${detail.StateCounts.conflicting}, уведомления: ${JSON.stringify(detail.Notices)}; ` +
      `строки файла в очереди (первая страница): ${(await api.rowNumbers(importId, 'pending')).join(', ')}; ` +
      `отклонённые: ${(await api.rowNumbers(importId, 'rejected')).join(', ')}`
    : null;
  return { pending: detail.PendingCount, unchanged: detail.UnchangedCount, failure };
}

/** One round trip: the download, the saves in the register, the untouched upload and the edited one. */
async function roundTrip(
  server: Server,
  cookies: { representative: string; operator: string },
  sro: { id: number; rows: number },
  run: number,
) {
  const api = operatorApi(server, cookies.operator);
  const steps: Step[] = [];
  const failures: string[] = [];
  await server.settle();
  const { file, ...downloaded } = await download(server, cookies.representative);
  steps.push({ step: 'выгрузка', run, ...downloaded });
  const workbook = await readWorkbook(file);
  checkRows(workbook, sro.rows);

  const sheet = workbook.getWorksheet('Данные')!;
  const internIdOf = (index: number) => sheet.getRow(FIRST_DATA_ROW + index).getCell(1).value as number;
  // The saved trainees and the edited rows lie between one another: no row is both.
  const saved = spread(sro.rows, REGISTER_SAVES, 0);
  const editedRows = spread(sro.rows, EDITED_ROWS, 0.5);
  const savesStarted = performance.now();
  for (const [i, index] of saved.entries()) await api.changeCard(internIdOf(index), `БР-${run}-${i}`);
  const savesMs = performance.now() - savesStarted;

  for (const [step, bytes, pending] of [
    ['загрузка без правок', file, 0],
    ['загрузка с правками', await editedFile(workbook, editedRows), editedRows.length],
  ] as const) {
    await server.settle();
    const { result: importId, ...uploaded } = await watched(server, () =>
      postChangeFile({ port: server.port, cookie: cookies.operator }, sro.id, bytes, {
        confirmDuplicate: true,
      }),
    );
    const counts = await checkImport(api, importId, { pending, unchanged: sro.rows - pending });
    if (counts.failure) failures.push(`${step}, прогон ${run}: ${counts.failure}`);
    steps.push({ step, run, ...uploaded, pending: counts.pending, unchanged: counts.unchanged });
  }
  return { steps, failures, savesMs, saved: saved.length, editedRows: editedRows.length };
}

const line = (name: string, run: string, one: ServerCost & { pending?: number; unchanged?: number }) => [
  name,
  run,
  ms(one.totalMs),
  one.cpuMs,
  mb(one.growth),
  one.pending ?? '',
  one.unchanged ?? '',
];

/** The median and the maximum of each figure of a step's runs. */
function summary(runs: Step[]) {
  const of = (pick: (one: ServerCost) => number, by: (values: number[]) => number) => by(runs.map(pick));
  const max = (values: number[]) => Math.max(...values);
  return ([median, max] as const).map((by) => ({
    totalMs: of((one) => one.totalMs, by),
    cpuMs: of((one) => one.cpuMs, by),
    growth: of((one) => one.growth, by),
  }));
}

async function bench() {
  await withSroOnPostgres(args, 'registry_bench_roundtrip', async (_database, url, sro) => {
    const server = await startServer({ url }, { profile: args.profile });
    const steps: Step[] = [];
    const failures: string[] = [];
    const notes: string[] = [];
    try {
      const cookies = {
        representative: await logIn(server.port, REPRESENTATIVE),
        operator: await logIn(server.port, OPERATOR),
      };
      // The fresh server's first download loads exceljs: apart from the runs, as bench:export-change-file has it.
      const { file: _file, ...first } = await download(server, cookies.representative);
      steps.push({ step: 'выгрузка', run: 0, ...first });
      for (let run = 1; run <= RUNS; run++) {
        const trip = await roundTrip(server, cookies, sro, run);
        steps.push(...trip.steps);
        failures.push(...trip.failures);
        notes.push(
          `прогон ${run}: ${trip.saved} карточек сохранено через API после выгрузки за ` +
            `${ms(trip.savesMs / 1000)} с; правки — ${trip.editedRows * EDITED_HEADERS.length} ячеек ` +
            `в ${trip.editedRows} строках (${EDITED_HEADERS.map((header) => `«${header}»`).join(', ')})`,
        );
      }
    } finally {
      await server.close();
    }
    report(steps, notes, sro.rows);
    for (const failure of failures) console.error(`НЕВЕРНО: ${failure}`);
    console.log(`Проверки счётчиков: ${failures.length === 0 ? 'все верны' : `неверных ${failures.length}`}`);
    if (failures.length > 0) process.exitCode = 1;
  });
}

function report(steps: Step[], notes: string[], rows: number) {
  console.log(
    `\nФайл для изменений СРО (${rows.toLocaleString('ru')} стажёров) туда и обратно, PostgreSQL: ` +
      `${RUNS} прогонов после первой выгрузки на новом сервере (прогон 0; медиана и максимум — без неё), ` +
      `время в мс; ${machineLoad()}`,
  );
  for (const note of notes) console.log(note);
  const lines: (string | number)[][] = [line('выгрузка', '0 (новый сервер)', steps[0]!)];
  const worst = new Map<string, number>();
  for (const step of ['выгрузка', 'загрузка без правок', 'загрузка с правками']) {
    const runs = steps.filter((one) => one.step === step && one.run > 0);
    const [middle, most] = summary(runs);
    worst.set(step, most!.totalMs);
    lines.push(
      ...runs.map((one) => line(step, String(one.run), one)),
      line(step, 'медиана', middle!),
      line(step, 'максимум', most!),
    );
  }
  printTable(['шаг', 'прогон', 'всего', 'ЦП сервера', 'рост RSS, МБ', 'в очереди', 'без изменений'], lines);
  const uploads = Math.max(worst.get('загрузка без правок')!, worst.get('загрузка с правками')!) / 1000;
  const downloads = worst.get('выгрузка')! / 1000;
  console.log(
    `Цель: выгрузка ≤ ${DOWNLOAD_GOAL_SECONDS} с: ${downloads <= DOWNLOAD_GOAL_SECONDS ? 'да' : 'нет'} ` +
      `(хуже всего ${ms(downloads)} с); загрузка ≤ ${UPLOAD_GOAL_SECONDS} с: ` +
      `${uploads <= UPLOAD_GOAL_SECONDS ? 'да' : 'нет'} (хуже всего ${ms(uploads)} с)`,
  );
}

await bench();
