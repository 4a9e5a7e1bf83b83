import { ImportStatus } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { imports } from '../../db/schema/index.js';
import { sqlRows } from '../../lib/sql-rows.js';
import { isStored } from './store/imports-store.repository.js';

/** The reviewers' figures of the files one SRO (or, with a null id, every SRO together) sent in a period. */
export interface ReviewFigureRow {
  organizationId: number | null;
  filesReceived: number;
  rowsReceived: number;
  rowsAccepted: number;
  rowsRejected: number;
  filesRejected: number;
  medianHandlingSeconds: number | null;
  pastDeadline: number;
}

/**
 * Over the files uploaded between two moments (docs/statistics.md), by SRO and in total, in one query: the
 * total's median is over all the files, not a sum of the SROs'.
 */
export function createImportStatsRepository(db: Db) {
  return {
    async figures(period: {
      since: Date;
      until: Date;
      organizationId: number | null;
    }): Promise<ReviewFigureRow[]> {
      const handledAt = sql`coalesce(${imports.rejectedAt}, ${imports.handledAt})`;
      const rows = await sqlRows<Record<string, string | number | null>>(
        db,
        sql`select ${imports.organizationId} as organization_id, grouping(${imports.organizationId}) as is_total,
          count(*) as files_received, coalesce(sum(${imports.rowCount}), 0) as rows_received,
          coalesce(sum(${imports.rowCount} - ${imports.pendingCount} - ${imports.rejectedCount}
            - ${imports.unchangedCount}), 0) as rows_accepted,
          coalesce(sum(${imports.rejectedCount}), 0) as rows_rejected,
          count(*) filter (where ${imports.status} = ${sql.raw(String(ImportStatus.Rejected))}) as files_rejected,
          percentile_cont(0.5) within group (order by extract(epoch from ${handledAt} - ${imports.importedAt}))
            filter (where ${handledAt} is not null) as median_seconds,
          count(*) filter (where coalesce(${handledAt}, now()) > ${imports.deadlineAt}) as past_deadline
        from ${imports}
        where ${isStored} and ${imports.importedAt} >= ${period.since.toISOString()} and ${imports.importedAt} < ${period.until.toISOString()}
          and ${period.organizationId === null ? sql`true` : sql`${imports.organizationId} = ${period.organizationId}`}
        group by grouping sets ((${imports.organizationId}), ())`,
      );
      return rows.map((row) => ({
        organizationId: Number(row.is_total) === 1 ? null : Number(row.organization_id),
        filesReceived: Number(row.files_received),
        rowsReceived: Number(row.rows_received),
        rowsAccepted: Number(row.rows_accepted),
        rowsRejected: Number(row.rows_rejected),
        filesRejected: Number(row.files_rejected),
        medianHandlingSeconds: row.median_seconds === null ? null : Number(row.median_seconds),
        pastDeadline: Number(row.past_deadline),
      }));
    },
  };
}

export type ImportStatsRepository = ReturnType<typeof createImportStatsRepository>;
