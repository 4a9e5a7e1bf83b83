import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './mail/mailer.js';

/** What the app is built from (main.ts, the tests, the benchmarks): app.ts mounts it, api.ts builds services. */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** The built web app to serve, or null to serve the API only (server tests). */
  webRoot: string | null;
  /** The time as the app reads it (limits and throttles); tests move it instead of waiting. */
  clock?: () => Date;
}
