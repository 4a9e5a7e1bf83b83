import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** The rows of a raw query. pg and PGlite both answer with `{ rows }`; the shared Db type cannot say so. */
export async function sqlRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
