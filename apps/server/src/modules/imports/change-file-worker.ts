import { parentPort, workerData } from 'node:worker_threads';
import { readChangeFile, type ChangeFileOptions, type ChangeFileResult } from './change-file-reader.js';
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

export interface WorkerOutput {
  result: ChangeFileResult;
  heapPeakMb: number;
}

const input = workerData as WorkerInput;
const result = readChangeFile(new Uint8Array(input.bytes), input.fileName, input.options);
parentPort!.postMessage({ result, heapPeakMb: heapPeakMb() } satisfies WorkerOutput);
