import {
  ChangeStatus,
  ImportStatus,
  rowReturnTexts,
  toDateValue,
  undoBasisNumber,
  type ImportProgress,
} from '@registry/shared';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { CurrentAccount } from '../../../lib/session.js';
import { reviewTexts, type ReviewDeps } from './review-rows.js';

/*
 * Returning a handled row to processing (docs/row-review.md «Возврат и отмена»): a rejected row is returned,
 * an accepted one undone. As in review-handle.ts, the row is locked, then checked, then written, and the
 * update that puts it back also requires its handled state: of two operators (or app processes), one does it.
 */

type Ids = { importId: number; changeId: number };
type Handled = typeof ChangeStatus.Finished | typeof ChangeStatus.Rejected;

const notInState = (state: Handled) =>
  new AppError(
    409,
    state === ChangeStatus.Rejected ? rowReturnTexts.notRejected : rowReturnTexts.notFinished,
  );

/** The import and the row, refused unless the import goes on and the row is in the state the call undoes. */
async function findHandled(deps: ReviewDeps, ids: Ids, state: Handled, account: CurrentAccount) {
  const [facts, change] = await Promise.all([
    deps.imports.decisionFacts(ids.importId, account),
    deps.repo.findChange(ids.importId, ids.changeId),
  ]);
  if (!change) throw new AppError(404, reviewTexts.changeNotFound);
  if (facts.status === ImportStatus.Rejected) throw new AppError(409, reviewTexts.importRejected);
  if (change.status !== state) throw notInState(state);
  return facts;
}

/**
 * In one transaction: locks the row, requires it still in `state`, runs `undo` (what the handling wrote, if
 * anything), then puts the row back to pending and counts it on the import.
 */
async function putBack(
  deps: ReviewDeps,
  ids: Ids,
  state: Handled,
  account: CurrentAccount,
  undo: (tx: Db, internId: number | null) => Promise<unknown>,
) {
  await deps.db.transaction(async (tx) => {
    const locked = await deps.repo.lockHandled(tx, ids.importId, ids.changeId);
    if (locked === null) throw new AppError(404, reviewTexts.changeNotFound);
    if (locked.status !== state) throw notInState(state);
    await undo(tx, locked.internId);
    if (!(await deps.repo.markReturned(tx, ids.changeId, state, account.id))) throw notInState(state);
    if (!(await deps.repo.countReturned(tx, ids.importId, state === ChangeStatus.Rejected))) {
      throw new AppError(409, reviewTexts.importRejected);
    }
  });
  return deps.imports.progress(ids.importId, account, null);
}

/** 'Вернуть в обработку': a rejected row waits for an operator again; the register was never touched. */
export async function returnChange(
  deps: ReviewDeps,
  ids: Ids,
  account: CurrentAccount,
): Promise<ImportProgress> {
  await findHandled(deps, ids, ChangeStatus.Rejected, account);
  return putBack(deps, ids, ChangeStatus.Rejected, account, async () => {});
}

/**
 * 'Отменить внесение': what the row's accept wrote into the trainee is reverted (intern-undo.ts) on the basis
 * 'Отмена внесения по импорту №<incoming number>' dated today, and the row waits for an operator again.
 */
export async function undoChange(
  deps: ReviewDeps,
  ids: Ids,
  account: CurrentAccount,
): Promise<ImportProgress> {
  const facts = await findHandled(deps, ids, ChangeStatus.Finished, account);
  return putBack(deps, ids, ChangeStatus.Finished, account, async (tx, internId) => {
    if (internId === null) return;
    await deps.interns.undoImportRowIn(tx, {
      internId,
      importChangeId: ids.changeId,
      protocol: {
        number: undoBasisNumber(facts.requisites.number ?? String(ids.importId)),
        date: toDateValue(new Date()),
        outgoingNumber: null,
        outgoingDate: null,
      },
      source: { importId: ids.importId, organizationId: facts.organizationId, changeId: ids.changeId },
      operatorId: account.id,
      actor: account,
    });
  });
}
