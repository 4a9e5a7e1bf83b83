import { ChangeStatus } from '@registry/shared';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, importChanges } from '../../db/schema/index.js';

/*
 * Which pending row an operator is handed next, as the review's claims (review/review-claims.repository.ts)
 * and the import's progress (`NextPending`) both choose it: the next in file order after the open one,
 * wrapping round to the start, skipping rows another operator is working on.
 */

/** The row is not another operator's now: unclaimed, its claim expired, or the operator's own. */
export const freeFor = (operatorId: number): SQL =>
  sql`(${importChanges.claimedUntil} is null or ${importChanges.claimedUntil} <= now() or ${importChanges.claimedById} = ${operatorId})`;

/** File order starting after the given row (none: from the first), the rows before it after the last. */
export function orderAfter(afterChangeId: number | null): SQL[] {
  const fileOrder = [sql`${importChanges.rowNumber}`, sql`${importChanges.id}`];
  if (afterChangeId === null) return fileOrder;
  const after = sql`coalesce((${importChanges.rowNumber}, ${importChanges.id}) > (
    select row_number, id from ${importChanges} where id = ${afterChangeId}), false)`;
  return [sql`${after} desc`, ...fileOrder];
}

/** The name of the operator who claimed the row, the claim live or not. */
export const claimantName = sql<
  string | null
>`(select c.full_name from ${accounts} c where c.id = ${importChanges.claimedById})`;

/** An operator's claim holds the row now: it has not expired. */
export const hasLiveClaim = sql`${importChanges.claimedUntil} > now()`;

/** The operator whose claim holds the row now, for the import's list: 'Обрабатывает …'; null when none. */
export const liveClaimant = sql`case when ${hasLiveClaim} then ${claimantName} end`;

/** The row to open after the given one, without claiming it: the import's progress names it. */
export async function nextPendingRow(
  db: Db,
  importId: number,
  afterChangeId: number | null,
  operatorId: number,
) {
  const [row] = await db
    .select({ Id: importChanges.id, RowNumber: importChanges.rowNumber, FullName: importChanges.fullName })
    .from(importChanges)
    .where(
      and(
        eq(importChanges.importId, importId),
        eq(importChanges.status, ChangeStatus.Pending),
        afterChangeId === null ? undefined : ne(importChanges.id, afterChangeId),
        freeFor(operatorId),
      ),
    )
    .orderBy(...orderAfter(afterChangeId))
    .limit(1);
  return row ?? null;
}
