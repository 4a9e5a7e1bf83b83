import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { NamedRef } from '@registry/shared';
import { fileMessages } from '../rows/change-file-messages.js';
import {
  refuseOversized,
  type ChangeFileDictionaries,
  type ChangeFileLimits,
  type ChangeFileOptions,
  type ChangeFileResult,
} from './change-file-reader.js';
import { concatPacked, packedCount, type PackedRows } from '../rows/change-file-packing.js';
import type {
  ReadBatch,
  WarmUpInput,
  WorkerInput,
  WorkerOutput,
  WorkerResult,
} from './change-file-worker.js';

/*
 * Runs the change-file reader with bounded resources: each file in its own worker thread with a heap cap
 * (resourceLimits) and a time limit (terminate), a few at a time per process. A refused or runaway file
 * ends its worker and nothing else: no temporary files, no shared state, the event loop free meanwhile.
 */

export interface ReaderSettings {
  limits: ChangeFileLimits;
  /** The worker's heap cap. */
  memoryMb: number;
  timeLimitMs: number;
  /** Files read at once by one server process; more wait their turn. */
  parallel: number;
}

/** Where the dictionaries come from: the database in the app, a list in tests. */
export interface DictionarySource {
  load(): Promise<ChangeFileDictionaries>;
}

/** The shape the import upload calls the reader with (change-file.ts). */
export interface ReadRequest {
  bytes: Uint8Array;
  /** The file's name as uploaded; its type is decided by content. */
  name: string;
  organization: NamedRef;
  importSchools: boolean;
  today?: string;
  /** ChangeFileOptions.streamRows: for a store slower than the reader. */
  streamRows?: boolean;
  /** Hears where the file is: waiting its turn behind the files being read, then being read. */
  onStage?: (stage: ReadStage) => void;
}

export type ReadStage = 'queued' | 'reading';

/** How a read ended, beside the rows it sent: the reader's result without them, with what reading cost. */
export type ReadOutcome = (
  (Extract<WorkerResult, { ok: true }> & { rowCount: number }) | Extract<ChangeFileResult, { ok: false }>
) & {
  elapsedMs: number;
  /** The worker's highest heap, or null when no worker ran (or it was stopped). */
  heapPeakMb: number | null;
};

/** A read's outcome with its rows whole (readInWorker). */
export type BoundedResult =
  Exclude<ReadOutcome, { ok: true }> | (Extract<ReadOutcome, { ok: true }> & { rows: PackedRows });

// The workers are TypeScript when the server runs from its sources (vitest, tsx) and JavaScript in dist.
const here = fileURLToPath(import.meta.url);
const workerUrl = (name: string) => new URL(`./${name}${path.extname(here)}`, import.meta.url);
const READER_URL = workerUrl('change-file-worker');
const WARM_UP_WRITER_URL = workerUrl('warm-up-writer');

function spawnWorker(url: URL, options: WorkerOptions = {}): Worker {
  if (url.pathname.endsWith('.ts')) {
    // tsx's loader does not reach a worker's own entry, so the worker registers it before importing that.
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
    return new Worker(bootstrap, { ...options, eval: true });
  }
  return new Worker(url, options);
}

/** A worker that loads the reader and waits for its one file (change-file-worker.ts). */
const spawnReaderWorker = (memoryMb: number) =>
  spawnWorker(READER_URL, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });

let warmUpFile: Promise<Uint8Array | null> | undefined;

/**
 * The warm-up sample (warm-up.ts), written once per process by a worker of its own; null if it could not
 * be, and the waiting workers then simply wait.
 */
function writtenWarmUpFile(): Promise<Uint8Array | null> {
  warmUpFile ??= new Promise((resolve) => {
    const writer = spawnWorker(WARM_UP_WRITER_URL);
    // Never what keeps the process alive.
    writer.unref();
    writer.once('message', resolve);
    writer.once('error', () => resolve(null));
    writer.once('exit', () => resolve(null));
  });
  return warmUpFile;
}

/*
 * Only the events this file listens to: `removeAllListeners()` without a name would also drop Node's own
 * 'newListener' hook, which refs the worker's port when a 'message' listener is added, and then the rows
 * a worker sends while it reads would reach the server only once it is done.
 */
function forgetListeners(worker: Worker) {
  for (const event of ['message', 'error', 'exit']) worker.removeAllListeners(event);
}

/** Sends the sample to the worker if it still waits; resolves with the rows it read, or null. */
async function warmUp(worker: Worker, stillWaits: () => boolean): Promise<number | null> {
  const sample = await writtenWarmUpFile();
  if (!sample || !stillWaits()) return null;
  const warmedUp = new Promise<number | null>((resolve) => {
    const heard = (output: WorkerOutput) => {
      if (!('warmedUp' in output)) return;
      worker.off('message', heard);
      resolve(output.warmedUp);
    };
    worker.on('message', heard);
    worker.once('exit', () => resolve(null));
  });
  const input: WarmUpInput = { warmUp: sample.slice().buffer };
  worker.postMessage(input, [input.warmUp]);
  return warmedUp;
}

/*
 * Starting a worker and loading the reader in it costs ~0.15 s, as much as reading a file of 1,000 rows.
 * Once warmed, the server keeps one worker loaded and waiting, and loads the next shortly after each file;
 * the waiting worker reads the warm-up sample, so that the reader's code is compiled before a file comes.
 * Each worker still reads a single clerk's file with a heap of its own: only the start is paid in advance.
 */
const REFILL_DELAY_MS = 1000;

export function createReaderWorkers(memoryMb: number) {
  let keepSpare = false;
  let spare: { worker: Worker; ready: Promise<number | null>; abandon: () => void } | undefined;
  let refillTimer: NodeJS.Timeout | undefined;

  function startSpare() {
    const worker = spawnReaderWorker(memoryMb);
    // A waiting worker must not keep the process alive; one that reads is referenced again when taken.
    worker.unref();
    const loaded = new Promise<boolean>((resolve) => {
      worker.once('message', () => resolve(true));
      worker.once('exit', () => resolve(false));
    });
    // A spare that fails to start is dropped; the next file gets a fresh worker.
    worker.on('error', () => {});
    worker.once('exit', () => {
      if (spare?.worker === worker) spare = undefined;
    });
    // Taking the worker drops these listeners (forgetListeners): whoever waits for it is answered then.
    let abandon!: () => void;
    const abandoned = new Promise<null>((resolve) => (abandon = () => resolve(null)));
    const warmed = loaded.then((started) =>
      started ? warmUp(worker, () => spare?.worker === worker) : null,
    );
    spare = { worker, ready: Promise.race([warmed, abandoned]), abandon };
  }

  return {
    /**
     * Keeps a loaded worker waiting from now on; resolves once it has read the warm-up sample, with the
     * sample's rows (null if it was taken first, or the sample could not be read).
     */
    warm(): Promise<number | null> {
      keepSpare = true;
      if (!spare) startSpare();
      return spare!.ready;
    },
    /** A worker for one file: the waiting one if there is one, a new one otherwise. */
    take(): Worker {
      const taken = spare?.worker ?? spawnReaderWorker(memoryMb);
      spare?.abandon();
      spare = undefined;
      forgetListeners(taken);
      taken.ref();
      return taken;
    },
    /**
     * Loads the next waiting worker, once warmed and if none waits, a moment after a file: not while the
     * upload is being stored, which it would slow on a machine of two cores.
     */
    refill(): void {
      clearTimeout(refillTimer);
      refillTimer = setTimeout(() => {
        if (keepSpare && !spare) startSpare();
      }, REFILL_DELAY_MS);
      refillTimer.unref();
    },
    async close(): Promise<void> {
      keepSpare = false;
      clearTimeout(refillTimer);
      const waiting = spare?.worker;
      spare = undefined;
      await waiting?.terminate();
    },
  };
}

export type ReaderWorkers = ReturnType<typeof createReaderWorkers>;

/**
 * A file's rows as its worker reads them: batches of packed rows in file order, then the outcome. Storing
 * takes each batch while the worker reads on, so that the two overlap. The batches end when the worker is
 * done, refused or stopped; a refusal after some batches means those must not be kept.
 */
export interface RowStream {
  batches: AsyncIterable<ReadBatch>;
  /** Settles once the batches end; it never rejects. */
  outcome: Promise<ReadOutcome>;
}

/** A stream that ends at once: a file refused before any worker read it. */
export function refusedStream(outcome: ReadOutcome): RowStream & { stop(): void } {
  return { batches: Readable.from([]), outcome: Promise.resolve(outcome), stop: () => {} };
}

/**
 * Reads one file in a worker (by default a fresh one) within the memory cap and the time limit, its rows as
 * they come. `stop()` ends the worker early; the stream stops it too when its reader breaks off.
 */
export function streamInWorker(
  bytes: Uint8Array,
  fileName: string,
  options: ChangeFileOptions,
  bounds: { memoryMb: number; timeLimitMs: number },
  worker: Worker = spawnReaderWorker(bounds.memoryMb),
): RowStream & { stop(): void } {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refused = (problem: string, detail: string): ReadOutcome => ({
    ok: false,
    kind: 'content',
    problems: [problem],
    detail,
    elapsedMs: elapsed(),
    heapPeakMb: null,
  });
  // Batches wait here until storing takes them; they are all the rows the worker holds no more.
  const batches = new Readable({ objectMode: true, read() {} });
  let rowCount = 0;
  let settle!: (outcome: ReadOutcome) => void;
  const outcome = new Promise<ReadOutcome>((resolve) => (settle = resolve));
  let done = false;
  const finish = (result: ReadOutcome) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    forgetListeners(worker);
    // A late error of a worker being stopped must find a listener, or it would throw in the server.
    worker.on('error', () => {});
    void worker.terminate();
    settle(result);
    if (!batches.destroyed) batches.push(null);
  };
  const stop = () => finish(refused(fileMessages.damaged, 'stopped'));
  batches.once('close', stop);
  const timer = setTimeout(
    () => finish(refused(fileMessages.timeout(Math.ceil(bounds.timeLimitMs / 1000)), 'time limit')),
    bounds.timeLimitMs,
  );
  worker.on('message', (output: WorkerOutput) => {
    if ('ready' in output || 'warmedUp' in output) return;
    if ('rows' in output) {
      rowCount += packedCount(output.rows);
      batches.push(output);
    } else {
      const { result } = output;
      finish({
        ...(result.ok ? { ...result, rowCount } : result),
        elapsedMs: elapsed(),
        heapPeakMb: output.heapPeakMb,
      });
    }
  });
  worker.once('error', (error: Error & { code?: string }) =>
    finish(
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? refused(fileMessages.outOfMemory(bounds.memoryMb), error.message)
        : refused(fileMessages.damaged, `worker: ${error.stack ?? error.message}`),
    ),
  );
  worker.once('exit', (code) => finish(refused(fileMessages.damaged, `worker exited with ${code}`)));
  // The worker gets its own copy, transferred rather than cloned; the caller's buffer stays as it was.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const input: WorkerInput = { bytes: copy.buffer, fileName, options };
  worker.postMessage(input, [input.bytes]);
  return { batches, outcome, stop };
}

/** Reads one file in a worker and answers its rows whole: for tests and the reader's benchmark. */
export async function readInWorker(...args: Parameters<typeof streamInWorker>): Promise<BoundedResult> {
  const stream = streamInWorker(...args);
  const batches: PackedRows[] = [];
  for await (const batch of stream.batches) batches.push(batch.rows);
  const outcome = await stream.outcome;
  return outcome.ok ? { ...outcome, rows: concatPacked(batches) } : outcome;
}

/**
 * Runs tasks with at most `max` at once, the rest in arrival order; `onWait` hears that a task must wait.
 * `load()` says how many run and wait, for the readiness probe and the metrics.
 */
export function concurrencyLimit(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(task: () => Promise<T>, onWait?: () => void): Promise<T> => {
    if (active >= max) {
      onWait?.();
      await new Promise<void>((resume) => waiting.push(resume));
    }
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
  return Object.assign(run, { load: () => ({ running: active, waiting: waiting.length }) });
}

/**
 * Tests hold a file once its turn has come, before its worker starts, to see the files behind it wait
 * without depending on how fast a worker reads. Nothing else sets it.
 */
export const readerTestHold: { untilReleased: (() => Promise<void>) | null } = { untilReleased: null };

/** The reader the imports use: dictionaries from their source, each file in its bounded worker. */
export function createChangeFileReader(settings: ReaderSettings, dictionaries: DictionarySource) {
  const limited = concurrencyLimit(settings.parallel);
  const workers = createReaderWorkers(settings.memoryMb);
  return {
    /** Keeps a worker loaded ahead of the next file (the server does once it listens). */
    warm: () => workers.warm(),
    close: () => workers.close(),
    /** Files being read and files waiting for a reader in this process, beside how many it reads at once. */
    load: () => {
      const { running, waiting } = limited.load();
      return { reading: running, queued: waiting, readers: settings.parallel };
    },
    /**
     * Reads a file and hands its rows to `consume` as they come, once the file's turn has come and its worker
     * started (so that a transaction `consume` opens is held only while the file is read); answers what
     * `consume` answers. The worker is stopped when `consume` ends, whether or not it took every batch.
     */
    async read<T>(request: ReadRequest, consume: (stream: RowStream) => Promise<T>): Promise<T> {
      const { limits } = settings;
      // A file over the size limit is refused before a worker or the database is troubled.
      const oversized = refuseOversized(request.bytes.length, limits);
      if (oversized) {
        const { kind, problems } = oversized;
        return consume(refusedStream({ ok: false, kind, problems, elapsedMs: 0, heapPeakMb: null }));
      }
      const options: ChangeFileOptions = {
        organization: request.organization,
        importSchools: request.importSchools,
        dictionaries: await dictionaries.load(),
        limits,
        today: request.today,
        streamRows: request.streamRows ?? false,
      };
      return limited(
        async () => {
          request.onStage?.('reading');
          await readerTestHold.untilReleased?.();
          const stream = streamInWorker(request.bytes, request.name, options, settings, workers.take());
          try {
            return await consume(stream);
          } finally {
            stream.stop();
            workers.refill();
          }
        },
        () => request.onStage?.('queued'),
      );
    },
  };
}

export type ChangeFileReader = ReturnType<typeof createChangeFileReader>;
