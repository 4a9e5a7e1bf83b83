import { ChangeStatus } from '@registry/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { importChanges } from '../../../db/schema/index.js';
import { sqlRows } from '../../../lib/sql-rows.js';
import { claimantName, freeFor, orderAfter } from '../pending-rows.js';

/** How long a claim holds unless renewed: the review screen renews it while it is open. */
export const CLAIM_MINUTES = 10;

const claimEnd = sql`now() + make_interval(mins => ${CLAIM_MINUTES})`;

/** The operator's live claim on the row, with their name, as the review and the lists read it. */
export const claimColumns = {
  claimedById: importChanges.claimedById,
  claimIsLive: sql<boolean>`coalesce(${importChanges.claimedUntil} > now(), false)`,
  claimedUntil: importChanges.claimedUntil,
  claimedBy: claimantName,
};

type NextRow = { Id: number; RowNumber: number; FullName: string };

/**
 * Lets go of the operator's claims in the import: on one row (`only`, leaving the screen), or on every row
 * but one (`except`, on taking that one: an operator works on one row at a time).
 */
async function releaseClaims(
  tx: Db,
  importId: number,
  operatorId: number,
  rows: { only: number } | { except: number },
) {
  await tx
    .update(importChanges)
    .set({ claimedById: null, claimedUntil: null })
    .where(
      and(
        eq(importChanges.importId, importId),
        eq(importChanges.claimedById, operatorId),
        'only' in rows ? eq(importChanges.id, rows.only) : ne(importChanges.id, rows.except),
      ),
    );
}

/** Claims on pending rows (review-claims.ts): taken, renewed, released, and the next free row handed out. */
export function claimQueries(db: Db) {
  return {
    /**
     * Claims (or renews) a pending row for the operator: when it is free for them, or from anyone with
     * `takeOver`. False when it is not pending or another operator holds it.
     */
    async claim(importId: number, changeId: number, operatorId: number, takeOver: boolean) {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(importChanges)
          .set({ claimedById: operatorId, claimedUntil: claimEnd })
          .where(
            and(
              eq(importChanges.id, changeId),
              eq(importChanges.importId, importId),
              eq(importChanges.status, ChangeStatus.Pending),
              takeOver ? undefined : freeFor(operatorId),
            ),
          )
          .returning({ id: importChanges.id });
        if (updated.length === 0) return false;
        await releaseClaims(tx, importId, operatorId, { except: changeId });
        return true;
      });
    },

    /** Releases the operator's claim on a row, if they hold it. */
    release: (importId: number, changeId: number, operatorId: number) =>
      releaseClaims(db, importId, operatorId, { only: changeId }),

    /**
     * Claims for the operator the first pending row after `afterChangeId` in file order (wrapping round to
     * the start), other than it, that no other operator holds; null when there is none. Of two operators
     * asking at once, each gets a different row: the second skips the row the first has locked.
     */
    async claimNext(importId: number, operatorId: number, afterChangeId: number | null) {
      return db.transaction(async (tx) => {
        const [next] = await sqlRows<NextRow>(
          tx,
          sql`
          with candidate as (
            select ${importChanges.id} as id from ${importChanges}
            where ${importChanges.importId} = ${importId} and ${importChanges.status} = ${ChangeStatus.Pending}
              and ${importChanges.id} <> ${afterChangeId ?? 0} and ${freeFor(operatorId)}
            order by ${sql.join(orderAfter(afterChangeId), sql`, `)}
            limit 1
            for update skip locked
          )
          update ${importChanges} set claimed_by_id = ${operatorId}, claimed_until = ${claimEnd}
          from candidate where ${importChanges.id} = candidate.id
          returning ${importChanges.id} as "Id", ${importChanges.rowNumber} as "RowNumber",
            ${importChanges.fullName} as "FullName"`,
        );
        if (next) await releaseClaims(tx, importId, operatorId, { except: next.Id });
        return next ?? null;
      });
    },
  };
}
