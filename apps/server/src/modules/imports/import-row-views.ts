import {
  ChangeStatus,
  type Import,
  type ImportChange,
  type SpecChange,
  type SpecRejectedChange,
} from '@registry/shared';
import type { ChangeCounts, ChangeRow, ListedRow } from './imports.repository.js';

/* An import's rows as the detail and its page show them: the counts, the contract's lists, a row by state. */

/**
 * How many rows each of the page's filters shows, and where 'Начать обработку' starts; the matches' counts to
 * operators only.
 */
export function toRowCounts(
  counts: ChangeCounts,
  matching: boolean,
): Pick<Import, 'StateCounts' | 'MatchCounts' | 'FirstPendingId'> {
  const { pending, claimed, conflicting, finished, rejected, unchanged, snils, fullName, none, conflict } =
    counts;
  return {
    StateCounts: { pending, claimed, conflicting, finished, rejected, unchanged },
    ...(matching ? { MatchCounts: { snils, fullName, none, conflict } } : {}),
    FirstPendingId: counts.firstPendingId,
  };
}

/**
 * The detail's lists (docs/api.md#the-contracts-shapes), each in file order. A file rejected whole leaves
 * nothing waiting: the rows still waiting then are rejected with it, under its reason and its rejection's Id.
 */
export function toSpecLists(
  rows: ListedRow[],
  rejection: Import['Rejection'],
): Pick<Import, 'Pending' | 'Finished' | 'Rejected' | 'Unchanged'> {
  const lists = {
    Pending: [] as SpecChange[],
    Finished: [] as SpecChange[],
    Rejected: [] as SpecRejectedChange[],
    Unchanged: [] as SpecChange[],
  };
  for (const [Id, FullName, Snils, status, reason] of rows) {
    if (status === ChangeStatus.Finished) lists.Finished.push({ Id, FullName, Snils });
    else if (status === ChangeStatus.Unchanged) lists.Unchanged.push({ Id, FullName, Snils });
    else if (status === ChangeStatus.Rejected) {
      lists.Rejected.push({ FullName, Snils, RejectionReason: reason, RejectionId: null });
    } else if (rejection !== null) {
      lists.Rejected.push({ FullName, Snils, RejectionReason: rejection.Reason, RejectionId: rejection.Id });
    } else lists.Pending.push({ Id, FullName, Snils });
  }
  return lists;
}

/** A row of the import's page in the shape of its state; its match and trainee only where `matching`. */
export function toChange(row: ChangeRow, matching: boolean): ImportChange {
  const base = { Id: row.id, RowNumber: row.rowNumber, FullName: row.fullName, Snils: row.snils };
  const handled = { ProcessedBy: row.processedBy, ProcessedAt: row.processedAt?.toISOString() ?? null };
  if (row.status === ChangeStatus.Finished) {
    return {
      ...base,
      State: 'finished',
      ...(matching ? { InternId: row.internId, InternFullName: row.internFullName } : {}),
      ...handled,
    };
  }
  if (row.status === ChangeStatus.Unchanged) {
    return {
      ...base,
      State: 'unchanged',
      ...(matching ? { InternId: row.internId, InternFullName: row.internFullName } : {}),
    };
  }
  if (row.status === ChangeStatus.Rejected) {
    return {
      ...base,
      State: 'rejected',
      RejectionReason: row.rejectionReason,
      RejectionId: null,
      ...handled,
    };
  }
  return {
    ...base,
    State: 'pending',
    ClaimedBy: row.claimedBy,
    ...(matching ? { Match: row.match ?? 'none', HasConflict: row.hasConflict ?? false } : {}),
  };
}
