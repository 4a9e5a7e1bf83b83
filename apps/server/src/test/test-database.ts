import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';

/**
 * A fresh, migrated database for one test file, copied from the suite's template (database-template.ts):
 * in-memory PGlite by default, or a new PostgreSQL database created beside TEST_DATABASE_URL and dropped on
 * close.
 */
export async function openTestDatabase(): Promise<Database & { url: string | null }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('databaseTemplate');
  if (!adminUrl) {
    const dump = new Blob([await readFile(template)]);
    const database = await openDatabase({ dataDir: null, loadDataDir: dump });
    return { ...database, url: null };
  }

  const name = `registry_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: null });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // The pool's connections may still be closing: wait for them rather than kill them mid-goodbye.
      for (let waited = 0; waited < 5_000; waited += 50) {
        const { rows } = await dropper.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
