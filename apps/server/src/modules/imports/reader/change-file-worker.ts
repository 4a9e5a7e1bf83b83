import { parentPort } from 'node:worker_threads';
import { createRowPacker, type PackedRows } from '../store/change-file-packing.js';
import { readChangeFile, type ChangeFileOptions, type ChangeFileResult } from './change-file-reader.js';
import { heapPeakMb } from './heap-peak.js';

/*
 * The worker thread that reads one change file and exits: change-file-runner.ts starts it with a memory cap
 * and terminates it at the time limit, so a hostile file costs at most one worker and never the server.
 * It loads the reader first and then waits for its file, so that the server can keep one ready in advance.
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

/** Ready once loaded, then batches of packed rows as they are read, then the result. */
export type WorkerOutput = { ready: true } | ReadBatch | { result: WorkerResult; heapPeakMb: number };

/** A batch of rows packed to be stored, with what the file is (its first batch is where storing begins). */
export interface ReadBatch {
  rows: PackedRows;
  extension: 'xlsx' | 'xls';
}

const port = parentPort!;
const send = (output: WorkerOutput, transfer: ArrayBuffer[] = []) => port.postMessage(output, transfer);
port.once('message', (input: WorkerInput) => {
  const packer = createRowPacker();
  const result = readChangeFile(
    new Uint8Array(input.bytes),
    input.fileName,
    input.options,
    (rows, extension) => {
      const packed = packer.pack(rows);
      send({ rows: packed, extension }, [packed.payload.buffer as ArrayBuffer]);
    },
  );
  if (result.ok) {
    const { rows: _sent, ...read } = result;
    send({ result: { ...read, headers: packer.headers }, heapPeakMb: heapPeakMb() });
  } else send({ result, heapPeakMb: heapPeakMb() });
});
send({ ready: true });
