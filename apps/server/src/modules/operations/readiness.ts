import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Readiness, ReadinessCheck } from '@registry/shared';
import { migrationsFolder } from '../../db/client.js';
import type { OperationsRepository } from './operations.repository.js';

/** How busy this process's change-file readers are (change-file-runner.ts). */
export interface ReaderLoad {
  reading: number;
  queued: number;
  /** IMPORT_PARALLEL_READS. */
  readers: number;
}

/** A migration the code ships: drizzle's journal dates it by `when`, kept in the database as created_at. */
interface ShippedMigration {
  when: number;
  tag: string;
}

/** The migrations the code ships, from drizzle's journal beside the SQL files. */
export function shippedMigrations(folder: string = migrationsFolder): ShippedMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: ShippedMigration[];
  };
  return journal.entries;
}

/*
 * A database that does not answer would hold the probe as long as the pool waits for a connection
 * (node-postgres waits without end by default); answering 503 in time lets the proxy move traffic on.
 */
const DATABASE_ANSWER_MS = 3000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const check = (Name: ReadinessCheck['Name'], State: ReadinessCheck['State'], Message: string) => ({
  Name,
  State,
  Message,
});

async function databaseChecks(
  repo: OperationsRepository,
  migrations: ShippedMigration[],
  log: FastifyBaseLogger,
): Promise<ReadinessCheck[]> {
  try {
    await withinTime(repo.ping(), DATABASE_ANSWER_MS);
  } catch (error) {
    log.warn({ err: error }, 'readiness: the database does not answer');
    return [
      check('database', 'failed', 'База данных не отвечает'),
      check('migrations', 'skipped', 'Не проверены: база данных не отвечает'),
    ];
  }
  const database = check('database', 'ok', 'База данных отвечает');
  const newest = migrations.at(-1);
  if (!newest) return [database, check('migrations', 'ok', 'Код не содержит миграций')];
  let applied: number | null;
  try {
    applied = await withinTime(repo.latestMigration(), DATABASE_ANSWER_MS);
  } catch (error) {
    log.warn({ err: error }, 'readiness: the migrations journal cannot be read');
    return [database, check('migrations', 'failed', 'Журнал миграций в базе данных не читается')];
  }
  // A database ahead of the code (a newer process migrated it) still has every migration this code needs.
  if (applied !== null && applied >= newest.when) {
    return [database, check('migrations', 'ok', `Применены все миграции, последняя — ${newest.tag}`)];
  }
  const appliedTag = migrations.find((migration) => migration.when === applied)?.tag ?? 'ни одной';
  return [
    database,
    check(
      'migrations',
      'failed',
      `Не применены миграции базы данных: последняя в коде — ${newest.tag}, в базе — ${appliedTag}`,
    ),
  ];
}

function uploadsCheck({ reading, queued, readers }: ReaderLoad): ReadinessCheck {
  if (queued > 0) {
    return check(
      'uploads',
      'failed',
      `Все обработчики файлов изменений заняты: проверяется ${reading} из ${readers}, в очереди ${queued}`,
    );
  }
  return check('uploads', 'ok', `Файлы изменений: проверяется ${reading} из ${readers}, очередь пуста`);
}

/**
 * The readiness probe: the database answers, it has every migration the code ships, and no change file waits
 * for a reader (every one of IMPORT_PARALLEL_READS busy and more behind them).
 */
export function createReadiness(deps: {
  repo: OperationsRepository;
  readerLoad: () => ReaderLoad;
  log: FastifyBaseLogger;
  migrations?: ShippedMigration[];
}) {
  const migrations = deps.migrations ?? shippedMigrations();
  return async (): Promise<Readiness> => {
    const checks = [
      ...(await databaseChecks(deps.repo, migrations, deps.log)),
      uploadsCheck(deps.readerLoad()),
    ];
    const failed = checks.filter((one) => one.State === 'failed');
    if (failed.length === 0)
      return { Status: 'ready', Message: 'Сервер готов принимать запросы', Checks: checks };
    return {
      Status: 'not-ready',
      Message: `Сервер не готов. ${failed.map((one) => one.Message).join('. ')}`,
      Checks: checks,
    };
  };
}
