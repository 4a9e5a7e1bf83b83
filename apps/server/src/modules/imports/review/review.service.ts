import type { SubmitChangeSchema } from '@registry/shared';
import type { z } from 'zod';
import type { CurrentAccount } from '../../../lib/session.js';
import type { InternChoice } from '../../intern/intern.service.js';
import { claimChange, nextChange, releaseChange } from './review-claims.js';
import { rejectChange, submitChange } from './review-handle.js';
import { openChange } from './review-open.js';
import { returnChange, undoChange } from './review-return.js';
import type { ReviewDeps } from './review-rows.js';

export { reviewTexts } from './review-rows.js';

/**
 * Row review: a row beside the register's record (review-open.ts), accepted or rejected (review-handle.ts),
 * returned or undone (review-return.ts), claimed by one operator at a time (review-claims.ts), the rejected rows' file, and the rows that wait for a trainee.
 */
export function createReviewService(deps: ReviewDeps) {
  type Ids = { importId: number; changeId: number };
  return {
    /**
     * The import's progress as the open row's screen shows it (requisites, counts, the next row), read again
     * while the row stays open: another operator may have filled the requisites the row waits for.
     */
    progress: (ids: Ids, account: CurrentAccount) =>
      deps.imports.progress(ids.importId, account, ids.changeId),

    /** A row beside its trainee: `intern` and `internship` are the operator's choices (ChangeQuery). */
    open: (ids: Ids, query: { intern?: InternChoice; internship?: number }, account: CurrentAccount) =>
      openChange(deps, ids, query.intern, account, query.internship),

    submit: (
      ids: Ids,
      target: number | 'new',
      body: z.output<typeof SubmitChangeSchema>,
      account: CurrentAccount,
    ) => submitChange(deps, ids, target, body, account),

    reject: (ids: Ids, reason: string, account: CurrentAccount) => rejectChange(deps, ids, reason, account),

    /** 'Вернуть в обработку' of a rejected row (review-return.ts). */
    return: (ids: Ids, account: CurrentAccount) => returnChange(deps, ids, account),

    /** 'Отменить внесение' of an accepted row: the trainee's values restored, the row pending (review-return.ts). */
    undo: (ids: Ids, account: CurrentAccount) => undoChange(deps, ids, account),

    /** Takes or renews the operator's claim on a pending row (review-claims.ts). */
    claim: (ids: Ids, takeOver: boolean, account: CurrentAccount) =>
      claimChange(deps, ids, takeOver, account),

    release: (ids: Ids, account: CurrentAccount) => releaseChange(deps, ids, account),

    /** The next free pending row after `after`, claimed for the operator (review-claims.ts). */
    next: (importId: number, after: number | null, account: CurrentAccount) =>
      nextChange(deps, importId, after, account),

    /**
     * The rejected rows with their cells, for the file the SRO corrects, and the import's SRO; another SRO's
     * import is not found.
     */
    async rejectedRows(importId: number, account: CurrentAccount) {
      const summary = await deps.imports.summary(importId, account);
      return { rows: await deps.repo.rejectedRows(importId), organizationId: summary.Organization.Id };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
