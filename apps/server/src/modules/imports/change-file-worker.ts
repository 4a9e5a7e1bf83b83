import { parentPort } from 'node:worker_threads';
import { readChangeFile, type ChangeFileOptions, type ChangeFileResult } from './change-file-reader.js';
import type { ChangeFileRow } from './change-file-rows.js';
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

/** Ready once loaded, then batches of rows as they are read, then the result (whose rows are those batches). */
export type WorkerOutput =
  { ready: true } | { rows: ChangeFileRow[] } | { result: ChangeFileResult; heapPeakMb: number };

const port = parentPort!;
const send = (output: WorkerOutput) => port.postMessage(output);
port.once('message', (input: WorkerInput) => {
  const result = readChangeFile(new Uint8Array(input.bytes), input.fileName, input.options, (rows) =>
    send({ rows }),
  );
  send({ result, heapPeakMb: heapPeakMb() });
});
send({ ready: true });
