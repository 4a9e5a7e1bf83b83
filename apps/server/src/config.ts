import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const POSITIVE_INT = 'ожидается целое число больше 0';
const positiveInt = (fallback: number) =>
  z.coerce.number({ error: POSITIVE_INT }).int(POSITIVE_INT).positive(POSITIVE_INT).default(fallback);

/**
 * Which proxies in front of the app may say who the client is (X-Forwarded-For): none, the nearest `hops`
 * of them whatever their address, or those at these addresses and networks.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const TRUST_PROXY_EXPECTED =
  'ожидается false, число прокси перед приложением (обычно 1) или их адреса и сети через запятую ' +
  '(например 10.0.0.5, 10.0.0.0/8, loopback)';
/** proxy-addr's names of whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY. `true` is refused: it trusted every X-Forwarded-For hop, so a client could write any address
 * before the one the proxy appends and slip past the login throttle and the public limit.
 */
const trustProxySetting = z
  .string()
  .default('false')
  .transform((raw, context): TrustProxy => {
    const value = raw.trim().toLowerCase();
    if (['false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) {
      context.addIssue({
        code: 'custom',
        message:
          'true больше не принимается: с ним адрес клиента можно подделать заголовком X-Forwarded-For. ' +
          'Укажите число прокси перед приложением (обычно 1) или их адреса, например 10.0.0.5',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return { hops };
    } else {
      const addresses = value.split(',').map((item) => item.trim());
      if (addresses.every(isAddressOrNetwork)) return { addresses };
    }
    context.addIssue({ code: 'custom', message: TRUST_PROXY_EXPECTED });
    return z.NEVER;
  });

/** A limit that 0 switches off. */
const limitOrOff = (fallback: number) =>
  z.coerce.number().int().min(0, 'не меньше 0 (0 — без ограничения)').default(fallback);

const EnvSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'ожидается номер порта от 0 до 65535' })
      .int('ожидается номер порта от 0 до 65535')
      .min(0, 'ожидается номер порта от 0 до 65535')
      .max(65535, 'ожидается номер порта от 0 до 65535')
      .default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'ожидается адрес вида postgres://user:password@host:5432/database')
      .optional(),
    ADMIN_LOGIN: z.email('ожидается адрес электронной почты').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'не короче 8 символов').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'ожидается адрес вида smtp://user:password@host:587')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Реестр стажёров <noreply@localhost>'),
    PUBLIC_URL: z.url('ожидается адрес вида https://registry.example.org').optional(),
    MORNING_DIGEST_HOUR: z.coerce
      .number({ error: 'ожидается час от 0 до 23' })
      .int('ожидается час от 0 до 23')
      .min(0, 'ожидается час от 0 до 23')
      .max(23, 'ожидается час от 0 до 23')
      .default(9),
    COOKIE_SECURE: booleanSetting,
    TRUST_PROXY: trustProxySetting,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_IDLE_MINUTES: positiveInt(8 * 60),
    SESSION_MAX_HOURS: positiveInt(7 * 24),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(20),
    LOGIN_THROTTLE_MINUTES: positiveInt(15),
    LOGIN_DELAY_SECONDS: positiveInt(1),
    LOGIN_MAX_DELAY_SECONDS: positiveInt(60),
    PUBLIC_SEARCH_PER_MINUTE: limitOrOff(300),
    AUDIT_RETENTION_DAYS: limitOrOff(3 * 365),
    IMPORT_DEADLINE_WORKING_DAYS: positiveInt(10),
    DOCUMENT_MAX_FILE_MB: positiveInt(20),
    IMPORT_MAX_FILE_MB: positiveInt(10),
    IMPORT_MAX_ROWS: positiveInt(10_000),
    IMPORT_MAX_COLUMNS: positiveInt(200),
    IMPORT_MAX_UNPACKED_MB: positiveInt(200),
    IMPORT_READ_MEMORY_MB: positiveInt(512),
    IMPORT_READ_SECONDS: positiveInt(60),
    IMPORT_PARALLEL_READS: positiveInt(2),
    CHANGE_FILE_SECRET: z.string().min(32, 'не короче 32 символов').optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, 'не короче 16 символов: латинские буквы, цифры и знаки, без пробелов')
      .optional(),
  })
  .refine((env) => Boolean(env.ADMIN_LOGIN) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_LOGIN и ADMIN_PASSWORD задаются вместе',
    path: ['ADMIN_PASSWORD'],
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    admin:
      env.ADMIN_LOGIN && env.ADMIN_PASSWORD ? { login: env.ADMIN_LOGIN, password: env.ADMIN_PASSWORD } : null,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    /** The hour (Moscow time) of a working day from which operators are sent the morning digest. */
    morningDigestHour: env.MORNING_DIGEST_HOUR,
    cookieSecure: env.COOKIE_SECURE,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxMs: env.SESSION_MAX_HOURS * 3_600_000,
    },
    uploads: {
      deadlineWorkingDays: env.IMPORT_DEADLINE_WORKING_DAYS,
      documentMaxBytes: env.DOCUMENT_MAX_FILE_MB * 1_048_576,
    },
    loginThrottle: {
      maxPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: env.LOGIN_THROTTLE_MINUTES * 60_000,
      firstDelayMs: env.LOGIN_DELAY_SECONDS * 1000,
      maxDelayMs: Math.max(env.LOGIN_MAX_DELAY_SECONDS, env.LOGIN_DELAY_SECONDS) * 1000,
    },
    /** Anonymous calls of the public search and of the public card per client address a minute; 0 = no limit. */
    publicSearchPerMinute: env.PUBLIC_SEARCH_PER_MINUTE,
    /** Days the audit journal keeps an event before the daily purge deletes it; 0 = for ever. */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    /** Bounds of reading a change file (the reader's ReaderSettings). */
    changeFileReader: {
      limits: {
        maxFileBytes: env.IMPORT_MAX_FILE_MB * 2 ** 20,
        maxRows: env.IMPORT_MAX_ROWS,
        maxColumns: env.IMPORT_MAX_COLUMNS,
        maxUnpackedBytes: env.IMPORT_MAX_UNPACKED_MB * 2 ** 20,
      },
      memoryMb: env.IMPORT_READ_MEMORY_MB,
      timeLimitMs: env.IMPORT_READ_SECONDS * 1000,
      parallel: env.IMPORT_PARALLEL_READS,
    },
    /** The key the pre-filled change file's row keys are signed with; null: generated into DATA_DIR. */
    changeFileSecret: env.CHANGE_FILE_SECRET ?? null,
    /** The bearer token GET /metrics asks for; without it the metrics are not served at all. */
    metricsToken: env.METRICS_TOKEN ?? null,
  };
}

/** A setting that cannot be used: the message names the variable and what it expects. */
export class ConfigError extends Error {}

/** Reads the settings from the environment; an unset or empty variable takes its default. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  // Zod's own messages (a number expected, one of a list) in Russian too: the operator reads them at start.
  const parsed = EnvSchema.safeParse(env, { error: z.locales.ru().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'настройки';
      return `  ${name}: ${issue.message}`;
    });
    throw new ConfigError(`Неверные настройки запуска:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
