/*
 * The change-file reader beside the fastest bare read of the same file by a maintained library
 * (`npm run bench:import`): template files of 1,000, 5,000 and 10,000 rows in .xlsx and .xls, each read in
 * a process of its own by the reader (parse, map, validate, rows handed back, as the server runs it from
 * dist, in a worker loaded beforehand as the listening server keeps one), by SheetJS in dense mode (as it is, and values only) and, for .xlsx, by exceljs's
 * streaming reader. Prints the median wall time and processor time (all threads) of BENCH_RUNS runs
 * (default 3), the peak memory, and the reader's ratio to the fastest bare read. Target: ≤ 1.5×.
 * BENCH_ROWS=1000,5000 picks the sizes.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { benchFiles } from './import-files.js';
import { median } from './measure.js';

const SIZES = (process.env.BENCH_ROWS ?? '1000,5000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET = 1.5;

type Mode = 'reader' | 'sheetjs' | 'sheetjs-lean' | 'exceljs';
interface Measurement {
  ms: number;
  cpuMs: number;
  peakMb: number;
  heapPeakMb?: number;
  rows: number;
}

// Plain JavaScript run by plain Node, as the server runs: a TypeScript loader would follow into the worker.
const child = path.join(import.meta.dirname, 'import-child.mjs');
const bareNames: Record<Mode, string> = {
  reader: 'the reader',
  sheetjs: '@e965/xlsx dense',
  'sheetjs-lean': '@e965/xlsx values only',
  exceljs: 'exceljs stream',
};

function measureOnce(mode: Mode, file: string): Measurement {
  const output = execFileSync(process.execPath, [child, mode, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Measurement;
}

/** Medians of the runs' times, the highest of their memory. */
function summary(mode: Mode, runs: Measurement[]) {
  return {
    mode,
    ms: median(runs.map((run) => run.ms)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
    peakMb: Math.max(...runs.map((run) => run.peakMb)),
    heapPeakMb: Math.max(...runs.map((run) => run.heapPeakMb ?? 0)),
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const ratio = (value: number) => `${value.toFixed(2)}×${value <= TARGET ? '' : ' !'}`;

const header = [
  'rows',
  'format',
  'file MB',
  'reader s',
  'cpu s',
  'worker heap MB',
  'peak MB',
  'fastest bare read',
  'bare s',
  'cpu s',
  'peak MB',
  'ratio',
  'SheetJS values only s',
  'ratio',
];
const table: string[][] = [];
for (const rows of SIZES) {
  const files = await benchFiles(rows);
  for (const format of ['xlsx', 'xls'] as const) {
    const file = files[format];
    // The bare reads the issue names (SheetJS dense, exceljs's stream for .xlsx), and SheetJS asked for
    // values only, the least a library can do, shown beside them for scale.
    const bare: Mode[] = format === 'xlsx' ? ['sheetjs', 'exceljs'] : ['sheetjs'];
    const modes: Mode[] = ['reader', ...bare, 'sheetjs-lean'];
    const runs = new Map<Mode, Measurement[]>(modes.map((mode) => [mode, []]));
    // The readers take turns, so that a busy moment of a shared machine does not fall on one of them only.
    for (let run = 0; run < RUNS; run++) {
      for (const mode of modes) runs.get(mode)!.push(measureOnce(mode, file));
    }
    const reader = summary('reader', runs.get('reader')!);
    const fastest = bare.map((mode) => summary(mode, runs.get(mode)!)).sort((a, b) => a.ms - b.ms)[0]!;
    const lean = summary('sheetjs-lean', runs.get('sheetjs-lean')!);
    table.push([
      String(rows),
      format,
      (statSync(file).size / 2 ** 20).toFixed(1),
      seconds(reader.ms),
      seconds(reader.cpuMs),
      reader.heapPeakMb.toFixed(0),
      reader.peakMb.toFixed(0),
      bareNames[fastest.mode],
      seconds(fastest.ms),
      seconds(fastest.cpuMs),
      fastest.peakMb.toFixed(0),
      ratio(reader.ms / fastest.ms),
      seconds(lean.ms),
      `${(reader.ms / lean.ms).toFixed(2)}×`,
    ]);
    console.error(`${rows} rows .${format}: measured`);
  }
}
const widths = header.map((cell, i) => Math.max(cell.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
console.log(line(header));
for (const row of table) console.log(line(row));
console.log(
  `\n! over the ${TARGET}× target. Times are medians of ${RUNS} runs, each in a fresh process; cpu s counts` +
    ` every thread (the reader's worker too); peak MB is the process's resident peak.`,
);
