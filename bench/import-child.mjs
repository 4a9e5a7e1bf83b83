/*
 * One measurement of the reader's benchmark (bench/import.ts), in a plain Node process of its own, as the
 * server runs: its peak memory is its own, and the reader's worker starts from dist without a TypeScript
 * loader. `node bench/import-child.mjs reader|sheetjs|sheetjs-lean|exceljs FILE` prints one JSON line:
 * {"ms", "cpuMs", "peakMb", "rows", "heapPeakMb"?}.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { loadConfig } from '../apps/server/dist/config.js';
import {
  createReaderWorkers,
  readInWorker,
} from '../apps/server/dist/modules/imports/reader/change-file-runner.js';

const [mode, file] = process.argv.slice(2);
const bytes = await readFile(file);

async function measure() {
  switch (mode) {
    case 'reader': {
      const settings = loadConfig({}).changeFileReader;
      const options = {
        organization: { Id: 1, Name: 'СРО «Кадастровые инженеры»' },
        importSchools: false,
        dictionaries: {
          schools: [{ Id: 1, Name: 'Государственный университет по землеустройству' }],
          addresses: [],
          terminationReasons: [],
        },
        // The benchmark measures speed: an .xls of 10,000 rows written by SheetJS is larger than one from Excel.
        limits: { ...settings.limits, maxFileBytes: 100 * 2 ** 20 },
        today: '2026-11-22',
      };
      const result = await readInWorker(bytes, file, options, settings, workers.take());
      if (!result.ok) throw new Error(result.problems.slice(0, 5).join('\n'));
      return { rows: result.rows.length, heapPeakMb: result.heapPeakMb ?? undefined };
    }
    case 'sheetjs': {
      const workbook = XLSX.read(bytes, { type: 'buffer', dense: true });
      return { rows: workbook.Sheets[workbook.SheetNames[0]]['!data'].length };
    }
    case 'sheetjs-lean': {
      // Values only: no formatted text, HTML, number formats, formulas or styles.
      const workbook = XLSX.read(bytes, {
        type: 'buffer',
        dense: true,
        cellText: false,
        cellHTML: false,
        cellNF: false,
        cellFormula: false,
        cellStyles: false,
      });
      return { rows: workbook.Sheets[workbook.SheetNames[0]]['!data'].length };
    }
    case 'exceljs': {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        worksheets: 'emit',
      });
      let rows = 0;
      for await (const sheet of reader) for await (const _row of sheet) rows++;
      return { rows };
    }
    default:
      throw new Error(`unknown mode ${mode}`);
  }
}

/** The process's peak resident memory: Linux's VmHWM, which, unlike getrusage, starts anew at exec. */
function peakMb() {
  try {
    const line = readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
    if (line) return Number(line[1]) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}

// The server keeps a reader worker loaded ahead of each file (change-file-runner.ts): so does the benchmark,
// before its clock starts.
const workers = createReaderWorkers(loadConfig({}).changeFileReader.memoryMb);
if (mode === 'reader') await workers.warm();
const started = performance.now();
const cpuBefore = process.cpuUsage();
const result = await measure();
const ms = performance.now() - started;
// Processor time of every thread of the process (the reader's worker included): steadier than the
// wall clock on a machine that is busy with other work.
const cpu = process.cpuUsage(cpuBefore);
await workers.close();
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, peakMb: peakMb(), ...result }));
