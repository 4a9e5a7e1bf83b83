/*
 * Reads every spreadsheet of a folder (and its subfolders) with the change-file reader's scanners and with
 * SheetJS, and prints how many are equal, differ, refused by the reader, crashed it or hung it, with one
 * example of each: the next corpus of real files is one command. Each file is read in a child process
 * (parity-child.ts) with a timeout and a heap cap, so that a hostile file ends its child, not this script.
 *
 *   npm run parity -- <folder> [--timeout=30] [--memory=512] [--jobs=N] [--list]
 *
 * `--timeout` is seconds a file, `--memory` the child's heap in MB (the server's reader has 512 MB), `--jobs`
 * the children at once (half the cores by default), `--list` prints every file's class as well. A file the
 * reader reads but SheetJS cannot (fails, hangs or dies on) counts as «differ», with what SheetJS did.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildReport, Outcome } from './parity-child.js';

const arg = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1];
const folder = process.argv.slice(2).find((value) => !value.startsWith('--'));
if (!folder) {
  console.error('usage: npm run parity -- <folder> [--timeout=30] [--memory=512] [--jobs=N] [--list]');
  process.exit(2);
}
const TIMEOUT_MS = Number(arg('timeout') ?? 30) * 1000;
const MEMORY_MB = Number(arg('memory') ?? 512);
const JOBS = Number(arg('jobs') ?? Math.max(1, Math.floor(availableParallelism() / 2)));
const LIST = process.argv.includes('--list');
const CHILD = fileURLToPath(new URL('./parity-child.ts', import.meta.url));
const OUTCOMES: Outcome[] = ['equal', 'differ', 'refused', 'crashed', 'hung'];

interface Result {
  file: string;
  outcome: Outcome;
  note?: string;
}

/** One child and the file it reads: the reader's step first, then SheetJS's, each with its own timeout. */
function readInChild(child: ChildProcess, file: string): Promise<Result> {
  return new Promise((resolve) => {
    let readerDone = false;
    let timer: NodeJS.Timeout;
    const finish = (result: Omit<Result, 'file'>) => {
      clearTimeout(timer);
      child.off('message', heard);
      child.off('exit', died);
      resolve({ file, ...result });
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        const seconds = TIMEOUT_MS / 1000;
        finish(
          readerDone
            ? { outcome: 'differ', note: `SheetJS hung (${seconds} s)` }
            : { outcome: 'hung', note: `over ${seconds} s` },
        );
      }, TIMEOUT_MS);
    };
    const heard = (report: ChildReport) => {
      if (report.step === 'ready') return;
      if (report.step === 'read') {
        readerDone = true;
        arm();
      } else finish({ outcome: report.outcome, note: report.note });
    };
    const died = (code: number | null, signal: string | null) => {
      const how = `exit ${code ?? signal}, heap cap ${MEMORY_MB} MB`;
      finish(
        readerDone
          ? { outcome: 'differ', note: `SheetJS died (${how})` }
          : { outcome: 'crashed', note: `the child died (${how})` },
      );
    };
    child.on('message', heard);
    child.once('exit', died);
    arm();
    child.send(file);
  });
}

/** A child once it has loaded the readers; one that dies first ends the script, as nothing would work. */
function spawnChild(): Promise<ChildProcess> {
  const child = fork(CHILD, [], {
    execArgv: ['--import', 'tsx', `--max-old-space-size=${MEMORY_MB}`],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the reader child did not start (exit ${code})`)));
  });
}

const root = path.resolve(folder);
const files = (await readdir(root, { recursive: true }))
  .filter((name) => /\.xlsx?$/i.test(name))
  .sort()
  .map((name) => path.join(root, name));
const started = performance.now();
const results: Result[] = [];
let next = 0;

async function runChild() {
  let child = await spawnChild();
  while (next < files.length) {
    const result = await readInChild(child, files[next++]!);
    results.push(result);
    if (LIST)
      console.log(
        `${result.outcome.padEnd(8)}${path.relative(root, result.file)}${result.note ? ` — ${result.note}` : ''}`,
      );
    // A child that was killed or died is replaced; one that answered reads the next file.
    if (child.exitCode !== null || child.signalCode !== null || child.killed) child = await spawnChild();
  }
  child.kill();
}

await Promise.all(Array.from({ length: Math.min(JOBS, files.length) }, runChild));

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Parity with SheetJS: ${files.length} files (.xls, .xlsx) in ${root}, ${seconds} s ` +
    `(timeout ${TIMEOUT_MS / 1000} s and heap ${MEMORY_MB} MB a file, ${JOBS} at a time)`,
);
for (const outcome of OUTCOMES) {
  const matching = results
    .filter((result) => result.outcome === outcome)
    .sort((a, b) => a.file.localeCompare(b.file));
  const example = matching[0];
  const shown = example
    ? `  e.g. ${path.relative(root, example.file)}${example.note ? ` — ${example.note}` : ''}`
    : '';
  console.log(`${outcome.padEnd(8)}${String(matching.length).padStart(6)}${shown}`);
}
