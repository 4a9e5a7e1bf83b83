import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

/*
 * `npm run openapi -- FILE`: writes the OpenAPI document the server serves at /api/v1/openapi.json, for a
 * client generator or a validator (`npm run lint:openapi`), without a server or a database to hand. The app
 * is built with the default settings on an empty database in memory, migrated so that whatever the app does
 * while starting finds its tables; it never listens and sends no mail.
 */
const file = process.argv[2];
if (!file) {
  process.stderr.write('Укажите файл для документа OpenAPI: npm run openapi -- openapi.json\n');
  process.exit(2);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-openapi-'));
const database = await openDatabase({ dataDir: null });
try {
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir }),
    database,
    mailer: {
      send: () => Promise.reject(new Error('the OpenAPI document is written without sending mail')),
    },
    logger: pino({ level: 'silent' }),
    webRoot: null,
  });
  await app.ready();
  await writeFile(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
process.stdout.write(`Документ OpenAPI записан в ${file}.\n`);
