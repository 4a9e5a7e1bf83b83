import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../db/client.js';

/*
 * The server tests' global setup. A new database per test file used to cost most of `npm test`'s time: an
 * empty PGlite cluster is made by initdb, then every migration runs. The suite now migrates once, into a
 * template, and each test file copies it (test-database.ts): PGlite loads a dump of the migrated data
 * folder, PostgreSQL creates the database from a template database. A template is named by a hash of the
 * migrations, so a changed migration makes a new one and the next run reuses an unchanged one.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump file of a migrated PGlite, or the name of a migrated PostgreSQL template database. */
    databaseTemplate: string;
  }
}

const PREFIX = 'registry_test_template_';

/**
 * A short hash of every file of the migrations folder, names and contents, in a stable order, and of the
 * PGlite version, whose dump another version may not read.
 */
function migrationsHash(): string {
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteVersion = readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json'));
  const hash = createHash('sha256').update(pgliteVersion);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(migrationsFolder, full)).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 12);
}

/*
 * Templates of other migrations are dropped beyond the newest few, not all: another run (another checkout, a
 * colleague's branch) may be copying from one right now.
 */
const KEEP_TEMPLATES = 3;

/** A run lasts minutes: a dump used within this time may be being copied by a run still going. */
const IN_USE_MS = 3_600_000;

/** Deletes the dumps beyond the newest few, and none used within the hour (a reused dump is touched). */
async function dropOldFiles(current: string) {
  const dumps = readdirSync(tmpdir())
    .filter((name) => name.startsWith(PREFIX) && name.endsWith('.tar') && name !== current)
    .map((name) => ({ name, usedAt: statSync(path.join(tmpdir(), name)).mtimeMs }))
    .sort((a, b) => b.usedAt - a.usedAt);
  const idle = Date.now() - IN_USE_MS;
  for (const { name } of dumps.slice(KEEP_TEMPLATES - 1).filter(({ usedAt }) => usedAt < idle))
    await rm(path.join(tmpdir(), name), { force: true });
}

/** The dump of a migrated PGlite, written once beside other runs' (atomically: runs may start together). */
async function pgliteTemplate(hash: string): Promise<string> {
  const file = path.join(tmpdir(), `${PREFIX}${hash}.tar`);
  if (existsSync(file)) {
    const now = new Date();
    await utimes(file, now, now);
    return file;
  }
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    const dump = await database.dumpDataDir!();
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await database.close();
  }
  await dropOldFiles(path.basename(file));
  return file;
}

/** A migrated template database beside TEST_DATABASE_URL, built under a temporary name and renamed when whole. */
async function postgresTemplate(adminUrl: string, hash: string): Promise<string> {
  const name = `${PREFIX}${hash}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString(), dataDir: null });
      await database.migrate();
      await database.close();
      try {
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch {
        // Another run built the same template meanwhile: use theirs.
        await admin.query(`drop database if exists ${building} with (force)`);
      }
    }
    // Finished templates only (one being built has a suffix); the newest are those created last, by oid.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname ~ '^${PREFIX}[0-9a-f]{12}$' and datname <> $1
       order by oid desc offset ${KEEP_TEMPLATES - 1}`,
      [name],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
  } finally {
    await admin.end();
  }
  return name;
}

export default async function setup(project: TestProject) {
  const hash = migrationsHash();
  const adminUrl = process.env.TEST_DATABASE_URL;
  project.provide(
    'databaseTemplate',
    adminUrl ? await postgresTemplate(adminUrl, hash) : await pgliteTemplate(hash),
  );
}
