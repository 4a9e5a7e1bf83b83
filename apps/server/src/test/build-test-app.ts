import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@registry/shared';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { MailMessage, Mailer } from '../mail/mailer.js';
import { SESSION_COOKIE } from '../lib/session.js';
import { openTestDatabase } from './test-database.js';

/** A mailer that keeps what it was asked to send: mail is the outside world, the database never is. */
export function createRecordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mailer: ReturnType<typeof createRecordingMailer>;
  /** JSON log lines the app wrote, for asserting what support would see. */
  logLines: () => Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The real HTTP application on a fresh migrated database. `env` overrides settings as the environment would.
 * `extend` may add routes before the app is sealed (for testing cross-cutting behaviour). `mailer` sends
 * through a real transport instead of the recording mailer, which then stays empty.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    extend?: (app: FastifyInstance) => void;
    mailer?: Mailer;
    /** The time the app reads for its limits and throttles, for tests that move it instead of waiting. */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  // Tests call the public search far more often than a visitor: its limit is tested where it is switched on.
  const config = loadConfig({
    DATA_DIR: '/nonexistent-test-data',
    LOG_LEVEL: 'info',
    PUBLIC_SEARCH_PER_MINUTE: '0',
    ...options.env,
  });
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const mailer = createRecordingMailer();
  const app = await buildApp({
    config,
    database,
    mailer: options.mailer ?? mailer,
    logger: pino({ level: 'info' }, sink),
    webRoot: null,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    mailer,
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Headers the web app sends with a state-changing request. */
export const clientHeaders = { [CLIENT_HEADER]: CLIENT_HEADER_VALUE };

/** Logs in through the API and returns the cookie header that carries the session. */
export async function loginAs(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/account/login',
    headers: clientHeaders,
    payload: { Id: email, Password: password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!session) throw new Error('login set no session cookie');
  return { cookie: `${SESSION_COOKIE}=${session.value}` };
}
