import {
  ImportStatus,
  texts,
  type ImportProgress,
  type InternSections,
  type SubmitChangeResult,
  type SubmitChangeSchema,
} from '@registry/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { CurrentAccount } from '../../../lib/session.js';
import type { DecisionFacts } from '../imports.service.js';
import type { RecordSections } from './merge.js';
import { refuseUnlessWorkable, type RowClaimState } from './review-claims.js';
import { emptyRecord, findChange, recordOf, reviewTexts, type ReviewDeps } from './review-rows.js';

/*
 * Accepting and rejecting a row. A row is locked, then checked, then applied, and the update that marks it
 * handled also requires it pending: of two operators (or app processes) handling one row, one applies it.
 */

type Ids = { importId: number; changeId: number };
type SubmitBody = z.output<typeof SubmitChangeSchema>;

/** A sent entry put into its section: in place of the entry with its Id, or added when it is new. */
function put<T extends { Id: number }>(entries: T[], sent: T): T[] {
  if (sent.Id <= 0 || !entries.some((entry) => entry.Id === sent.Id)) return [...entries, sent];
  return entries.map((entry) => (entry.Id === sent.Id ? sent : entry));
}

/** The sections a submit saves: the record's current entries with the sent ones in place. */
function sectionsToSave(body: SubmitBody, record: RecordSections) {
  const sections: Partial<InternSections> = {};
  if (body.PersonalInfo) sections.PersonalInfo = put(record.PersonalInfo, body.PersonalInfo);
  if (body.Supervisors.length > 0) sections.Supervisors = body.Supervisors.reduce(put, record.Supervisors);
  if (body.Internship) sections.Internships = put(record.Internships, body.Internship);
  if (body.InternshipSteps) sections.InternshipSteps = put(record.InternshipSteps, body.InternshipSteps);
  return sections;
}

const sentEntries = (body: SubmitBody) =>
  [body.PersonalInfo, ...body.Supervisors, body.Internship, body.InternshipSteps].filter(
    (entry): entry is NonNullable<typeof entry> => entry !== null,
  );

/** Refuses a row that can no longer be handled (or is another operator's), before anything is written. */
function checkOpen(facts: DecisionFacts, change: RowClaimState, account: CurrentAccount) {
  if (facts.status === ImportStatus.Rejected) throw new AppError(409, reviewTexts.importRejected);
  refuseUnlessWorkable(change, account);
}

/**
 * Locks the row for the transaction: of two operators handling it, the second waits, then finds it handled;
 * a row another operator has claimed is theirs.
 */
async function lockPending(deps: ReviewDeps, tx: Db, ids: Ids, account: CurrentAccount) {
  const row = await deps.repo.lockChange(tx, ids.importId, ids.changeId);
  if (row === null) throw new AppError(404, reviewTexts.changeNotFound);
  refuseUnlessWorkable(row, account);
}

/**
 * Marks the locked row handled and counts it on the import, enqueuing the SRO's letters when it was the last;
 * refuses when the import was rejected meanwhile.
 */
async function markHandled(
  deps: ReviewDeps,
  tx: Db,
  ids: Ids,
  outcome: { internId: number } | { rejectionReason: string },
  operatorId: number,
) {
  if (!(await deps.repo.markHandled(tx, ids.changeId, outcome, operatorId))) {
    throw new AppError(409, reviewTexts.alreadyHandled);
  }
  const status = await deps.repo.countHandled(tx, ids.importId, 'rejectionReason' in outcome);
  if (status === null) throw new AppError(409, reviewTexts.importRejected);
  // The last row handled: the SRO's representatives are told, exactly when the import becomes processed.
  if (status === ImportStatus.Processed)
    await deps.outbox.enqueueForImport(tx, 'import-processed', ids.importId);
}

/** The record a submit goes into: none for a new trainee, else the trainee's, who must not be deleted. */
async function targetRecord(deps: ReviewDeps, target: number | 'new', body: SubmitBody) {
  if (target === 'new') {
    if (!body.PersonalInfo) throw new AppError(400, texts.personalInfoRequired);
    if (sentEntries(body).some((entry) => entry.Id > 0)) throw new AppError(400, reviewTexts.newWithExisting);
    return { version: 0, sections: emptyRecord };
  }
  const brief = await deps.matching.brief(target);
  if (!brief) throw new AppError(404, texts.internNotFound);
  if (brief.isDeleted) throw new AppError(409, reviewTexts.internDeleted);
  return recordOf(deps, target);
}

/**
 * Accepts a row: the sections as the operator left them are saved into the trainee exactly as a card save
 * (history per entry, status recomputed) on the basis of the import's incoming requisites, and the row is
 * marked finished, in one transaction.
 */
export async function submitChange(
  deps: ReviewDeps,
  ids: Ids,
  target: number | 'new',
  body: SubmitBody,
  account: CurrentAccount,
): Promise<SubmitChangeResult> {
  const [facts, change] = await Promise.all([
    deps.imports.decisionFacts(ids.importId, account),
    findChange(deps, ids.importId, ids.changeId),
  ]);
  checkOpen(facts, change, account);
  const { number, date } = facts.requisites;
  if (!number || !date) throw new AppError(409, reviewTexts.requisitesMissing);
  const record = await targetRecord(deps, target, body);
  const saved = await deps.db.transaction(async (tx) => {
    await lockPending(deps, tx, ids, account);
    const result = await deps.interns.saveIn(
      tx,
      {
        internId: target === 'new' ? null : target,
        version: body.InternVersion ?? record.version,
        isCorrecting: false,
        sections: sectionsToSave(body, record.sections),
        protocol: {
          number,
          date,
          outgoingNumber: facts.outgoingRequisites.number,
          outgoingDate: facts.outgoingRequisites.date,
        },
        source: { importId: ids.importId, organizationId: facts.organizationId, changeId: ids.changeId },
        operatorId: account.id,
        actor: account,
      },
      { allowUnchanged: true },
    );
    await markHandled(deps, tx, ids, { internId: result.internId }, account.id);
    return result;
  });
  const [after, intern] = await Promise.all([
    deps.imports.progress(ids.importId, account, null),
    deps.matching.brief(saved.internId),
  ]);
  return {
    Import: after,
    Intern: { Id: saved.internId, FullName: intern!.fullName, Status: intern!.status },
    HasModified: saved.modified.length > 0,
  };
}

/** Rejects one row with a reason; the register is not touched. */
export async function rejectChange(
  deps: ReviewDeps,
  ids: Ids,
  reason: string,
  account: CurrentAccount,
): Promise<ImportProgress> {
  const [facts, change] = await Promise.all([
    deps.imports.decisionFacts(ids.importId, account),
    deps.repo.findChange(ids.importId, ids.changeId),
  ]);
  if (!change) throw new AppError(404, reviewTexts.changeNotFound);
  checkOpen(facts, change, account);
  await deps.db.transaction(async (tx) => {
    await lockPending(deps, tx, ids, account);
    await markHandled(deps, tx, ids, { rejectionReason: reason }, account.id);
  });
  return deps.imports.progress(ids.importId, account, null);
}
