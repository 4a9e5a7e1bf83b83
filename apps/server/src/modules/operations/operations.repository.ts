import { inArray, sql } from 'drizzle-orm';
import { openImportStatuses } from '@registry/shared';
import type { Db } from '../../db/client.js';
import { imports } from '../../db/schema/index.js';
import { sqlRows } from '../../lib/sql-rows.js';

/**
 * The queries of the readiness probe and the metrics. Each is asked at probe or scrape time, never per
 * request, and reads a tiny table or the open imports only (imports_status_time_idx leads with the status).
 */
export function createOperationsRepository(db: Db) {
  return {
    /** Resolves when the database answers. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    /** The newest migration applied, as drizzle's journal in the database dates it, or null when none is. */
    async latestMigration(): Promise<number | null> {
      const [row] = await sqlRows<{ latest: string | null }>(
        db,
        sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
      );
      return row?.latest == null ? null : Number(row.latest);
    },

    /** The open imports (pending or being processed), their rows waiting for review, those past deadline. */
    async reviewBacklog() {
      const [row] = await db
        .select({
          open: sql<number>`count(*)::int`,
          pendingRows: sql<number>`coalesce(sum(${imports.pendingCount}), 0)::int`,
          overdue: sql<number>`(count(*) filter (where ${imports.deadlineAt} < now()))::int`,
        })
        .from(imports)
        .where(inArray(imports.status, openImportStatuses));
      return row ?? { open: 0, pendingRows: 0, overdue: 0 };
    },
  };
}

export type OperationsRepository = ReturnType<typeof createOperationsRepository>;
