/*
 * The app of the change-file benchmarks (change-file-export.ts, roundtrip.ts) in a plain Node process of its
 * own, started from dist as `npm start` starts it, on a database already loaded: the memory and processor time
 * the benchmark reads are then the server's alone, not the loader's nor those of the files the benchmark opens.
 * Tells its port once listening; on 'close', closes and ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { openDatabase } from '../apps/server/dist/db/client.js';

const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-bench-export-server-'));
const database = await openDatabase({
  url: process.env.BENCH_EXPORT_DATABASE_URL,
  dataDir: process.env.BENCH_EXPORT_DATA_DIR ?? null,
});
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
  database,
  mailer: { send: async () => {} },
  logger: pino({ level: 'warn' }),
  webRoot: null,
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  // Writes the CPU profile when the benchmark asked for one (--cpu-prof).
  process.exit(0);
});
process.send({ port: app.server.address().port });
