import { ChangeStatus, formatSnils, ImportStatus, openImportStatuses } from '@registry/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { accounts, importChanges, imports } from '../../../db/schema/index.js';
import { claimColumns, claimQueries } from './review-claims.repository.js';

/** The rows of imports still waiting for an operator that name this SNILS, in upload order. */
export function pendingRowsNaming(db: Db, snils: string) {
  return db
    .select({
      ImportId: importChanges.importId,
      ChangeId: importChanges.id,
      RowNumber: importChanges.rowNumber,
    })
    .from(importChanges)
    .innerJoin(imports, eq(imports.id, importChanges.importId))
    .where(
      and(
        eq(importChanges.status, ChangeStatus.Pending),
        eq(importChanges.snils, formatSnils(snils)),
        inArray(imports.status, openImportStatuses),
      ),
    )
    .orderBy(asc(importChanges.importId), asc(importChanges.rowNumber))
    .limit(20);
}

/** What the review reads of rows: one row, the rejected rows. */
/**
 * What counting `n` more of an import's waiting rows off writes: processed, and when, once none waits;
 * else the status `otherwise` says. The operators' handling and the unchanged rows' settling (unchanged-rows.ts).
 */
export function countedOff(n: number, otherwise: SQL) {
  const remaining = sql`${imports.pendingCount} - ${n}`;
  return {
    pendingCount: remaining,
    status: sql`case when ${remaining} <= 0 then ${sql.raw(String(ImportStatus.Processed))} else ${otherwise} end`,
    handledAt: sql`case when ${remaining} <= 0 then now() end`,
  };
}

function rowReads(db: Db) {
  return {
    /** A row of an import with what the review needs of it and of its import; null for another import's row. */
    async findChange(importId: number, changeId: number) {
      const [row] = await db
        .select({
          id: importChanges.id,
          rowNumber: importChanges.rowNumber,
          status: importChanges.status,
          fullName: importChanges.fullName,
          data: importChanges.data,
          raw: importChanges.raw,
          notices: importChanges.notices,
          rejectionReason: importChanges.rejectionReason,
          internId: importChanges.internId,
          processedAt: importChanges.processedAt,
          processedBy: accounts.fullName,
          headers: imports.headers,
          exportedAt: imports.exportedAt,
          exportedVersion: importChanges.exportedVersion,
          ...claimColumns,
        })
        .from(importChanges)
        .innerJoin(imports, eq(imports.id, importChanges.importId))
        .leftJoin(accounts, eq(accounts.id, importChanges.processedById))
        .where(and(eq(importChanges.id, changeId), eq(importChanges.importId, importId)));
      return row ?? null;
    },

    /** The rejected rows of an import with their cells, for the file the SRO corrects and uploads again. */
    async rejectedRows(importId: number) {
      const [found] = await db
        .select({ headers: imports.headers })
        .from(imports)
        .where(eq(imports.id, importId));
      const rows = await db
        .select({
          rowNumber: importChanges.rowNumber,
          raw: importChanges.raw,
          reason: importChanges.rejectionReason,
        })
        .from(importChanges)
        .where(and(eq(importChanges.importId, importId), eq(importChanges.status, ChangeStatus.Rejected)))
        .orderBy(asc(importChanges.rowNumber), asc(importChanges.id));
      return { headers: found?.headers ?? [], rows };
    },
  };
}

/** What handling a row writes, in the caller's transaction: the row's lock and status, the import's counts. */
function rowWrites() {
  return {
    /**
     * Locks a row for the rest of the transaction and reads its status and claim: one operator handles it at
     * a time.
     */
    async lockChange(tx: Db, importId: number, changeId: number) {
      const [row] = await tx
        .select({
          status: importChanges.status,
          processedBy: sql<
            string | null
          >`(select c.full_name from ${accounts} c where c.id = ${importChanges.processedById})`,
          ...claimColumns,
        })
        .from(importChanges)
        .where(and(eq(importChanges.id, changeId), eq(importChanges.importId, importId)))
        .for('update', { of: importChanges });
      return row ?? null;
    },

    /** Marks a pending row handled: finished into a trainee, or rejected with a reason; false if it was not pending. */
    async markHandled(
      tx: Db,
      changeId: number,
      outcome: { internId: number } | { rejectionReason: string },
      operatorId: number,
    ) {
      const values =
        'internId' in outcome
          ? { status: ChangeStatus.Finished, internId: outcome.internId }
          : { status: ChangeStatus.Rejected, rejectionReason: outcome.rejectionReason };
      const updated = await tx
        .update(importChanges)
        .set({
          ...values,
          processedById: operatorId,
          processedAt: sql`now()`,
          claimedById: null,
          claimedUntil: null,
        })
        .where(and(eq(importChanges.id, changeId), eq(importChanges.status, ChangeStatus.Pending)))
        .returning({ id: importChanges.id });
      return updated.length > 0;
    },

    /**
     * Counts one more row of an import handled: being processed while rows wait, processed when none does.
     * The import's new status, or null when it is no longer open (rejected as a whole meanwhile).
     */
    async countHandled(tx: Db, importId: number, isRejected: boolean): Promise<number | null> {
      const updated = await tx
        .update(imports)
        .set({
          ...countedOff(1, sql.raw(String(ImportStatus.BeingProcessed))),
          rejectedCount: isRejected ? sql`${imports.rejectedCount} + 1` : imports.rejectedCount,
        })
        .where(and(eq(imports.id, importId), inArray(imports.status, openImportStatuses)))
        .returning({ status: imports.status });
      return updated[0]?.status ?? null;
    },
  };
}

/** What returning a handled row writes, in the caller's transaction: the row pending again, the import's counts. */
function rowReturns() {
  return {
    /** Locks a row for the rest of the transaction, as `lockChange`, with the trainee it went into. */
    async lockHandled(tx: Db, importId: number, changeId: number) {
      const [row] = await tx
        .select({ status: importChanges.status, internId: importChanges.internId })
        .from(importChanges)
        .where(and(eq(importChanges.id, changeId), eq(importChanges.importId, importId)))
        .for('update');
      return row ?? null;
    },

    /**
     * Puts a handled row (finished or rejected, as `from` says) back to pending, recording who did it and when
     * as the row's latest handling; false if the row was not in that state.
     */
    async markReturned(tx: Db, changeId: number, from: number, operatorId: number) {
      const updated = await tx
        .update(importChanges)
        .set({
          status: ChangeStatus.Pending,
          internId: null,
          rejectionReason: null,
          processedById: operatorId,
          processedAt: sql`now()`,
          // Back to pending as nobody's: a claim left from before it was handled no longer holds it.
          claimedById: null,
          claimedUntil: null,
        })
        .where(and(eq(importChanges.id, changeId), eq(importChanges.status, from)))
        .returning({ id: importChanges.id });
      return updated.length > 0;
    },

    /**
     * Counts one row of an import waiting again: being processed, no longer handled. False when the import is
     * not being processed or processed (pending imports have no handled rows; rejected ones stay rejected).
     */
    async countReturned(tx: Db, importId: number, wasRejected: boolean): Promise<boolean> {
      const updated = await tx
        .update(imports)
        .set({
          pendingCount: sql`${imports.pendingCount} + 1`,
          rejectedCount: wasRejected ? sql`${imports.rejectedCount} - 1` : imports.rejectedCount,
          status: ImportStatus.BeingProcessed,
          handledAt: null,
        })
        .where(
          and(
            eq(imports.id, importId),
            inArray(imports.status, [ImportStatus.BeingProcessed, ImportStatus.Processed]),
          ),
        )
        .returning({ id: imports.id });
      return updated.length > 0;
    },
  };
}

export function createReviewRepository(db: Db) {
  return { ...rowReads(db), ...rowWrites(), ...rowReturns(), ...claimQueries(db) };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
