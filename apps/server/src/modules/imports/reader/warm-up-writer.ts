import { parentPort } from 'node:worker_threads';
import { writeWarmUpFile } from './warm-up.js';

/*
 * Writes the reader's warm-up sample (warm-up.ts) once per process, in a thread of its own: exceljs takes
 * ~0.5 s to load and write it, which the server's thread must not spend. Sends the bytes and exits.
 */
const bytes = await writeWarmUpFile();
parentPort!.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
