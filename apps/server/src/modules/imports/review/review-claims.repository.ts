import { ChangeStatus } from '@registry/shared';
import { and, eq, ne, or, sql } from 'drizzle-orm';
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

/*
 * An operator holds at most one row of an import: the unique index import_changes_one_claim_idx says so, and
 * every write that gives an operator a row first takes the operator's lock on the import (`lockOperator`),
 * so that their simultaneous requests (a double click, two tabs, a burst through two app processes) run one
 * after another and each sees the claim the one before took, instead of all claiming rows at once and
 * deadlocking on releasing each other's. A request waits for the rows it needs in one statement, in the
 * order of their ids, before it holds any other row; a free row it takes only with `skip locked`, which
 * never waits: so two operators never wait on each other in a circle either.
 */

/** Waits for the operator's other claim requests on the import to end, until this transaction ends. */
async function lockOperator(tx: Db, importId: number, operatorId: number) {
  // The two-number form of the key: the app's other advisory locks use the one-number form, and the two never meet.
  await tx.execute(sql`select pg_advisory_xact_lock(${importId}::int, ${operatorId}::int)`);
}

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

/**
 * Gives the operator the row (locked by the caller), letting go of any other first: one claim at a time.
 * The row as 'next' names it, and when the claim ends.
 */
async function takeRow(tx: Db, importId: number, changeId: number, operatorId: number) {
  await releaseClaims(tx, importId, operatorId, { except: changeId });
  const [taken] = await tx
    .update(importChanges)
    .set({ claimedById: operatorId, claimedUntil: claimEnd })
    .where(eq(importChanges.id, changeId))
    .returning({
      Id: importChanges.id,
      RowNumber: importChanges.rowNumber,
      FullName: importChanges.fullName,
      until: importChanges.claimedUntil,
    });
  const { until, ...row } = taken!;
  return { row: row satisfies NextRow, until: until! };
}

/** Claims on pending rows (review-claims.ts): taken, renewed, released, and the next free row handed out. */
export function claimQueries(db: Db) {
  return {
    /**
     * Claims (or renews) a pending row for the operator: when it is free for them, or from anyone with
     * `takeOver`: when the claim ends, as taken. Null when it is not pending or another operator holds it;
     * the operator's claim on another row then stays.
     */
    async claim(importId: number, changeId: number, operatorId: number, takeOver: boolean) {
      return db.transaction(async (tx) => {
        await lockOperator(tx, importId, operatorId);
        // The row and the operator's own, locked in the order of their ids, as any two such requests lock them.
        const locked = await tx
          .select({
            id: importChanges.id,
            isWorkable: sql<boolean>`${importChanges.status} = ${ChangeStatus.Pending} and ${takeOver ? sql`true` : freeFor(operatorId)}`,
          })
          .from(importChanges)
          .where(
            and(
              eq(importChanges.importId, importId),
              or(eq(importChanges.id, changeId), eq(importChanges.claimedById, operatorId)),
            ),
          )
          .orderBy(importChanges.id)
          .for('update');
        if (!locked.some((row) => row.id === changeId && row.isWorkable)) return null;
        return (await takeRow(tx, importId, changeId, operatorId)).until;
      });
    },

    /** Releases the operator's claim on a row, if they hold it. */
    release: (importId: number, changeId: number, operatorId: number) =>
      releaseClaims(db, importId, operatorId, { only: changeId }),

    /**
     * The row the operator holds in the import, renewed, unless it is `afterChangeId` (moving on from it);
     * else claims for them the first pending row after `afterChangeId` in file order (wrapping round to the
     * start), other than it, that no other operator holds; null when there is none (the held row then stays
     * held). Of two operators asking at once, each gets a different row: the second skips the row the first
     * has locked.
     */
    async claimNext(importId: number, operatorId: number, afterChangeId: number | null) {
      return db.transaction(async (tx) => {
        await lockOperator(tx, importId, operatorId);
        const [held] = await tx
          .select({ id: importChanges.id, isLive: claimColumns.claimIsLive })
          .from(importChanges)
          .where(
            and(
              eq(importChanges.importId, importId),
              eq(importChanges.claimedById, operatorId),
              eq(importChanges.status, ChangeStatus.Pending),
            ),
          )
          .for('update');
        if (held?.isLive && held.id !== afterChangeId) {
          return (await takeRow(tx, importId, held.id, operatorId)).row;
        }
        const [next] = await sqlRows<{ id: number }>(
          tx,
          sql`
          select ${importChanges.id} as id from ${importChanges}
          where ${importChanges.importId} = ${importId} and ${importChanges.status} = ${ChangeStatus.Pending}
            and ${importChanges.id} <> ${afterChangeId ?? 0} and ${freeFor(operatorId)}
          order by ${sql.join(orderAfter(afterChangeId), sql`, `)}
          limit 1
          for update skip locked`,
        );
        return next ? (await takeRow(tx, importId, next.id, operatorId)).row : null;
      });
    },
  };
}
