import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
await database.migrate();
await database.close();
process.stdout.write(`Миграции применены (${database.kind}).\n`);
