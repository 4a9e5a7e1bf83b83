import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { createMailer } from './mail/mailer.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { createAccountService } from './modules/account/account.service.js';
import { discardHalfStoredImports } from './modules/imports/imports.module.js';
import { defaultWebRoot } from './plugins/web.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const startedAt = performance.now();
const config = readConfig();
const logger = pino({ level: config.logLevel });

/**
 * Where the start's time went, in the ready line: a slow start says which step to look at. The clock starts
 * with the process, so the first step is loading the modules.
 */
const startupSteps: Record<string, number> = { modulesMs: Math.round(startedAt) };
let stepStartedAt = startedAt;
function stepDone(name: string) {
  const now = performance.now();
  startupSteps[name] = Math.round(now - stepStartedAt);
  stepStartedAt = now;
}

const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'db'),
  onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection was closed'),
});
stepDone('databaseOpenMs');
await database.migrate();
stepDone('migrationsMs');
if (database.kind === 'pglite') {
  // An upload is stored in steps on PGlite; one that a stopped process left half stored is deleted.
  const discarded = await discardHalfStoredImports(database.db);
  if (discarded > 0) logger.warn({ imports: discarded }, 'half-stored uploads deleted');
}
await createAccountService(createAccountRepository(database.db), config).ensureFirstOperator(logger);
stepDone('dataChecksMs');

const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  outboxDir: path.join(config.dataDir, 'outbox'),
  log: logger,
});
const app = await buildApp({ config, database, mailer, logger, webRoot: defaultWebRoot });
stepDone('routesMs');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.mailWorker.start();
stepDone('listenMs');
logger.info(
  {
    database: database.kind,
    url: config.publicUrl,
    startupMs: Math.round(performance.now()),
    ...startupSteps,
  },
  'registry is ready',
);
