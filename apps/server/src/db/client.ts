import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

/** The same Drizzle API whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handles opened over PGlite: one connection in the server's own thread (see `isEmbedded`). */
const embedded = new WeakSet<Db>();

/**
 * Whether the handle is the embedded PGlite: one connection in this thread, so a transaction holds every other
 * query of the app until it ends, and a statement blocks the event loop while it runs.
 */
export const isEmbedded = (db: Db) => embedded.has(db);

/** A database handle: queries, migrations and a close for shutdown. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: the pool's connections (open, idle) and the queries waiting for one, for the metrics.
   * PGlite has no pool: one connection in the server's own thread.
   */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: the whole data folder as one uncompressed tar, which `loadDataDir` starts from. */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PGlite only: a plain SQL dump of the whole database by pg_dump built for WASM (@electric-sql/pglite-tools),
   * with these pg_dump arguments; the tools are loaded on the first call only.
   */
  dumpSql?: (args: string[]) => Promise<Blob>;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

/** Connections one process opens to PostgreSQL at most. */
const POOL_MAX = 10;

/** The advisory lock key the migrations are applied under on PostgreSQL (any number no other lock uses). */
const MIGRATION_LOCK = 7_020_241;

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite: in `dataDir` on disk, or in memory
 * when dataDir is null (tests).
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string | null;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.url) {
    // No JIT: it compiles any plan of a high estimated cost, and the list's one statement for a term holds a
    // costly branch it seldom runs (the term's index when the window falls short): JIT spent 60 ms compiling
    // it on every run of a query that takes one (docs/benchmarks.md).
    const pool = new pg.Pool({ connectionString: options.url, max: POOL_MAX, options: '-c jit=off' });
    // A server restart or an administrator may end an idle connection; without a listener node-postgres
    // would raise that as an uncaught error and stop the process. The pool replaces the connection itself.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      // Processes started together migrate one after another under a session lock: the first applies the
      // migrations, the others then find nothing left to do (drizzle's migrator takes no lock of its own).
      async migrate() {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db, { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      close: () => pool.end(),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_MAX,
      }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  embedded.add(db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    async dumpSql(args) {
      const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
      return pgDump({ pg: client, args });
    },
  };
}
