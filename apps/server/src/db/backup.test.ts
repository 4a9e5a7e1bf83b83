import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openTestDatabase } from '../test/test-database.js';
import { backup, BackupError, restore } from './backup.js';
import { openDatabase, type Database } from './client.js';
import { seedDemo } from '../seed/demo.js';

/*
 * `npm run backup` / `npm run restore` (backup.ts): the demo data backed up and restored into a new PGlite
 * folder and, with TEST_DATABASE_URL, into new PostgreSQL databases (from PostgreSQL, and from PGlite by its
 * SQL dump, the way to move to PostgreSQL); every table's rows, every sequence and every stored file's SHA-256
 * must come back the same.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const TRAINEES = 8;
const config = loadConfig({
  DATA_DIR: '/nonexistent-test-data',
  ADMIN_LOGIN: 'admin@example.org',
  ADMIN_PASSWORD: 'admin-password',
});
const seedOptions = { trainees: TRAINEES, today: '2026-11-22', now: new Date('2026-11-20T09:00:00Z') };

/** Runs one query and returns its rows, whichever database is underneath. */
type Query = (text: string) => Promise<Record<string, unknown>[]>;

interface Snapshot {
  /** Each table's rows as JSON, ordered by the primary key, by "schema.table". */
  tables: Record<string, string[]>;
  sequences: Record<string, unknown>;
  /** Each stored file's SHA-256 of its content, by id. */
  files: Record<number, string>;
}

/** Everything a backup must bring back: every table of every schema but the system's, and every file's hash. */
async function snapshot(query: Query): Promise<Snapshot> {
  await query(`set time zone 'UTC'`);
  const tableRows = await query(
    `select n.nspname as schema, c.relname as name,
       (select array_agg(a.attname order by k.ord)::text[]
          from pg_index i cross join unnest(i.indkey) with ordinality k(attnum, ord)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary) as key
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg\\_%'
     order by 1, 2`,
  );
  const tables: Snapshot['tables'] = {};
  for (const { schema, name, key } of tableRows as { schema: string; name: string; key: string[] | null }[]) {
    const order = key ? key.map((column) => `t."${column}"`).join(', ') : 't::text';
    const rows = await query(
      `select to_jsonb(t)::text as row from "${schema}"."${name}" t order by ${order}`,
    );
    tables[`${schema}.${name}`] = rows.map((row) => row.row as string);
  }
  const sequenceRows = await query(
    `select schemaname || '.' || sequencename as name, last_value from pg_sequences order by 1`,
  );
  const sequences = Object.fromEntries(sequenceRows.map((row) => [row.name, String(row.last_value)]));
  const fileRows = await query(
    `select f.id, f.sha256, (select string_agg(p.content, ''::bytea order by p.part) from stored_file_parts p
      where p.file_id = f.id) as content from stored_files f order by f.id`,
  );
  const files: Snapshot['files'] = {};
  for (const row of fileRows as { id: number; sha256: string; content: Uint8Array }[]) {
    const hash = createHash('sha256').update(row.content).digest('hex');
    expect(hash, `the stored file ${row.id}`).toBe(row.sha256);
    files[row.id] = hash;
  }
  return { tables, sequences, files };
}

function snapshotOf(database: Database): Promise<Snapshot> {
  return snapshot(
    async (text) => (await database.db.execute(sql.raw(text))).rows as Record<string, unknown>[],
  );
}

async function snapshotOfUrl(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await snapshot(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}

/** What the demo left: SROs, trainees with their history, imports with their files. */
function expectDemoData(data: Snapshot) {
  expect(data.tables['public.interns']!.length).toBeGreaterThanOrEqual(TRAINEES);
  expect(data.tables['drizzle.__drizzle_migrations']!.length).toBeGreaterThan(0);
  expect(Object.keys(data.files).length).toBeGreaterThan(0);
}

let work: string;
/** The demo data on a PGlite data folder on disk, closed: what `npm run backup` reads on PGlite. */
let pgliteDir: string;
let pgliteData: Snapshot;

/** A new empty PostgreSQL database beside TEST_DATABASE_URL, dropped after the tests. */
const scratchDatabases: string[] = [];
async function scratchDatabase(): Promise<string> {
  const name = `registry_backup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  scratchDatabases.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'registry-backup-'));
  pgliteDir = path.join(work, 'source', 'db');
  // On a PostgreSQL run the suite's template is a PostgreSQL database: migrate a new PGlite instead.
  const template = adminUrl ? undefined : new Blob([await readFile(inject('databaseTemplate'))]);
  const database = await openDatabase({ dataDir: pgliteDir, loadDataDir: template });
  try {
    if (adminUrl) await database.migrate();
    await seedDemo(database, config, seedOptions);
    pgliteData = await snapshotOf(database);
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  if (scratchDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of scratchDatabases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('backup and restore on PGlite', () => {
  it('restores the data folder dump into a new folder with every row and file as it was', async () => {
    expectDemoData(pgliteData);
    const file = path.join(work, 'pglite.tar.gz');
    expect(await backup({ pgliteDir }, file)).toBe('pglite');

    const restoredDir = path.join(work, 'restored', 'db');
    expect(await restore({ pgliteDir: restoredDir }, file)).toBe('pglite');
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      expect(await snapshotOf(restored)).toEqual(pgliteData);
    } finally {
      await restored.close();
    }
  });

  it('refuses a folder that holds data, an existing file, and a database a server has open', async () => {
    // Only its first bytes are read before the refusal.
    const file = path.join(work, 'refusals.tar.gz');
    await writeFile(file, Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    await expect(restore({ pgliteDir }, file)).rejects.toThrow(
      /не пуста: восстановление идёт только в новую/,
    );
    await expect(backup({ pgliteDir }, file)).rejects.toThrow(/уже есть/);

    const database = await openDatabase({ dataDir: pgliteDir });
    try {
      await expect(backup({ pgliteDir }, path.join(work, 'busy.tar.gz'))).rejects.toThrow(
        /держит другой процесс .*остановите сервер/s,
      );
    } finally {
      await database.close();
    }
  });

  it('refuses a file that is not a backup, and a PostgreSQL dump for PGlite', async () => {
    const notBackup = path.join(work, 'notes.txt');
    await writeFile(notBackup, 'не резервная копия');
    const target = { pgliteDir: path.join(work, 'never', 'db') };
    await expect(restore(target, notBackup)).rejects.toThrow(/не похож на резервную копию/);
    const custom = path.join(work, 'fake.dump');
    await writeFile(custom, 'PGDMP\u0001');
    await expect(restore(target, custom)).rejects.toThrow(BackupError);
  });
});

describe.skipIf(!adminUrl)('backup and restore on PostgreSQL', () => {
  it('restores a pg_dump file into a new database with every row and file as it was', async () => {
    const source = await openTestDatabase();
    let sourceData: Snapshot;
    const file = path.join(work, 'postgres.dump');
    try {
      await seedDemo(source, config, seedOptions);
      sourceData = await snapshotOfUrl(source.url!);
      expect(await backup({ databaseUrl: source.url!, pgliteDir }, file)).toBe('pg_dump');
    } finally {
      await source.close();
    }
    expectDemoData(sourceData);

    const target = { databaseUrl: await scratchDatabase(), pgliteDir };
    expect(await restore(target, file)).toBe('pg_dump');
    expect(await snapshotOfUrl(target.databaseUrl)).toEqual(sourceData);
    await expect(restore(target, file)).rejects.toThrow(/уже есть таблицы .*только в пустую базу/s);
  });

  it('moves PGlite to PostgreSQL: the SQL dump of PGlite restored into a new database', async () => {
    const file = path.join(work, 'pglite.sql');
    expect(await backup({ pgliteDir }, file, { sql: true })).toBe('sql');

    const target = { databaseUrl: await scratchDatabase(), pgliteDir };
    const folderDump = path.join(work, 'folder.tar.gz');
    await writeFile(folderDump, Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    await expect(restore(target, folderDump)).rejects.toThrow(/--sql/);
    expect(await restore(target, file)).toBe('sql');
    expect(await snapshotOfUrl(target.databaseUrl)).toEqual(pgliteData);

    // And the app takes it as its own: the migrations are there, nothing is left to apply.
    const moved = await openDatabase({ url: target.databaseUrl, dataDir: null });
    try {
      await moved.migrate();
    } finally {
      await moved.close();
    }
    expect(await snapshotOfUrl(target.databaseUrl)).toEqual(pgliteData);
  });
});
