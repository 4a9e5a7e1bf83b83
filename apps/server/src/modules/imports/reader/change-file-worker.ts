import { parentPort } from 'node:worker_threads';
import { createRowPacker, packedCount, type PackedRows } from '../rows/change-file-packing.js';
import { readChangeFile, type ChangeFileOptions, type ChangeFileResult } from './change-file-reader.js';
import { heapPeakMb, resetHeapPeak } from './heap-peak.js';
import { warmUpOptions } from './warm-up.js';

/*
 * The worker thread that reads one change file and exits: change-file-runner.ts starts it with a memory cap
 * and terminates it at the time limit, so a hostile file costs at most one worker and never the server.
 * It loads the reader first and then waits for its file, so that the server can keep one ready in advance,
 * and reads the warm-up sample meanwhile if the server sends it (warm-up.ts).
 */

export interface WorkerInput {
  bytes: ArrayBuffer;
  fileName: string;
  options: ChangeFileOptions;
}

/** What the worker read: the file's filled headers, in the order of every packed row's cells, beside the rest. */
export type WorkerResult =
  | (Omit<Extract<ChangeFileResult, { ok: true }>, 'rows'> & { headers: string[] })
  | Extract<ChangeFileResult, { ok: false }>;

/** The warm-up sample's bytes, sent to a worker waiting for its file. */
export interface WarmUpInput {
  warmUp: ArrayBuffer;
}

/**
 * Ready once loaded; the sample's rows once it is read (null if it was refused); then, for the file, batches
 * of packed rows as they are read, then the result.
 */
export type WorkerOutput =
  { ready: true } | { warmedUp: number | null } | ReadBatch | { result: WorkerResult; heapPeakMb: number };

/** A batch of rows packed to be stored, with what the file is (its first batch is where storing begins). */
export interface ReadBatch {
  rows: PackedRows;
  extension: 'xlsx' | 'xls';
}

const port = parentPort!;
const send = (output: WorkerOutput, transfer: ArrayBuffer[] = []) => port.postMessage(output, transfer);

/** Reads a file, its rows packed batch by batch and handed to `sendRows`. */
function readPacked(input: WorkerInput, sendRows: (batch: ReadBatch) => void) {
  const packer = createRowPacker();
  const result = readChangeFile(
    new Uint8Array(input.bytes),
    input.fileName,
    input.options,
    (rows, extension) => sendRows({ rows: packer.pack(rows), extension }),
  );
  return { result, headers: packer.headers };
}

function warmUp(bytes: ArrayBuffer) {
  let rows = 0;
  const { result } = readPacked(
    { bytes, fileName: 'Образец.xlsx', options: warmUpOptions() },
    (batch) => (rows += packedCount(batch.rows)),
  );
  // The file's read reports its own peak, not the sample's.
  resetHeapPeak();
  send({ warmedUp: result.ok ? rows : null });
}

port.on('message', (input: WorkerInput | WarmUpInput) => {
  if ('warmUp' in input) return warmUp(input.warmUp);
  // One file per worker: the runner ends it once the result is sent.
  port.removeAllListeners('message');
  const { result, headers } = readPacked(input, (batch) =>
    send(batch, [batch.rows.payload.buffer as ArrayBuffer]),
  );
  if (result.ok) {
    const { rows: _sent, ...read } = result;
    send({ result: { ...read, headers }, heapPeakMb: heapPeakMb() });
  } else send({ result, heapPeakMb: heapPeakMb() });
});
send({ ready: true });
