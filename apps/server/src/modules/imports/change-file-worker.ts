import { parentPort, workerData } from 'node:worker_threads';
import { readChangeFile, type ChangeFileOptions, type ChangeFileResult } from './change-file-reader.js';
import type { ChangeFileRow } from './change-file-rows.js';
import { heapPeakMb } from './heap-peak.js';

/*
 * The worker thread that reads one change file and exits: change-file-runner.ts starts it with a memory cap
 * and terminates it at the time limit, so a hostile file costs at most one worker and never the server.
 */

export interface WorkerInput {
  bytes: ArrayBuffer;
  fileName: string;
  options: ChangeFileOptions;
}

/** Batches of rows as they are read, then the result (whose rows are those batches). */
export type WorkerOutput = { rows: ChangeFileRow[] } | { result: ChangeFileResult; heapPeakMb: number };

const input = workerData as WorkerInput;
const send = (output: WorkerOutput) => parentPort!.postMessage(output);
const result = readChangeFile(new Uint8Array(input.bytes), input.fileName, input.options, (rows) =>
  send({ rows }),
);
send({ result, heapPeakMb: heapPeakMb() });
