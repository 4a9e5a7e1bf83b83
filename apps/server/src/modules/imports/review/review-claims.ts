import {
  ChangeStatus,
  formatDateTime,
  ImportStatus,
  type ChangeClaim,
  type NextChange,
} from '@registry/shared';
import { AppError } from '../../../lib/app-error.js';
import type { CurrentAccount } from '../../../lib/session.js';
import { reviewTexts, type ReviewDeps } from './review-rows.js';

/*
 * Claims on pending rows: of several operators on one import, each is handed a different row and works on
 * it alone. A claim lives in the row (import_changes.claimed_by_id, claimed_until) for CLAIM_MINUTES,
 * renewed while the review screen is open and released when the operator leaves or handles the row; an
 * expired claim is nobody's. Another operator's row can be opened read-only, or taken over ('Забрать').
 */

type Ids = { importId: number; changeId: number };

/** A row's status, claim and handler, as the repository reads them (`claimColumns`). */
export interface RowClaimState {
  status: number;
  claimedById: number | null;
  claimIsLive: boolean;
  claimedUntil: Date | null;
  claimedBy: string | null;
  processedBy: string | null;
}

/** The live claim on a row as the review shows it; null when nobody works on it. */
export function claimOf(row: RowClaimState, account: CurrentAccount): ChangeClaim | null {
  if (row.status !== ChangeStatus.Pending || !row.claimIsLive || row.claimedById === null) return null;
  return {
    OperatorName: row.claimedBy ?? '',
    Until: row.claimedUntil!.toISOString(),
    IsMine: row.claimedById === account.id,
  };
}

/**
 * Refuses (409) a row the operator cannot handle now: handled already (saying by whom), or another
 * operator's claim holds it.
 */
export function refuseUnlessWorkable(row: RowClaimState, account: CurrentAccount) {
  if (row.status !== ChangeStatus.Pending) {
    throw new AppError(
      409,
      row.processedBy ? reviewTexts.handledBy(row.processedBy) : reviewTexts.alreadyHandled,
    );
  }
  const claim = claimOf(row, account);
  if (claim && !claim.IsMine) {
    throw new AppError(409, reviewTexts.claimedBy(claim.OperatorName, formatDateTime(claim.Until)));
  }
}

/** The import must be visible to the caller and still open for its rows to be claimed. */
async function openImport(deps: ReviewDeps, importId: number, account: CurrentAccount) {
  const facts = await deps.imports.decisionFacts(importId, account);
  if (facts.status === ImportStatus.Rejected) throw new AppError(409, reviewTexts.importRejected);
}

/** Takes or renews the operator's claim on a pending row; `takeOver` takes it from another operator. */
export async function claimChange(
  deps: ReviewDeps,
  ids: Ids,
  takeOver: boolean,
  account: CurrentAccount,
): Promise<ChangeClaim> {
  await openImport(deps, ids.importId, account);
  const until = await deps.repo.claim(ids.importId, ids.changeId, account.id, takeOver);
  // The claim as taken: read again afterwards, it may be gone already, released by the operator's own 'next'.
  if (until) return { OperatorName: account.fullName, Until: until.toISOString(), IsMine: true };
  const row = await deps.repo.findChange(ids.importId, ids.changeId);
  if (!row) throw new AppError(404, reviewTexts.changeNotFound);
  refuseUnlessWorkable(row, account);
  return claimOf(row, account)!;
}

/** Lets go of the operator's claim on a row (leaving the screen); nothing when they hold none. */
export async function releaseChange(deps: ReviewDeps, ids: Ids, account: CurrentAccount) {
  await deps.imports.summary(ids.importId, account);
  await deps.repo.release(ids.importId, ids.changeId, account.id);
}

/**
 * Hands the operator the next free pending row after `after` in file order (wrapping), claimed for them:
 * 'Начать обработку' and the move to the next row after a decision.
 */
export async function nextChange(
  deps: ReviewDeps,
  importId: number,
  after: number | null,
  account: CurrentAccount,
): Promise<NextChange> {
  await openImport(deps, importId, account);
  return { Next: await deps.repo.claimNext(importId, account.id, after) };
}
