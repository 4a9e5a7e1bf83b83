import {
  ChangeStatus,
  ImportStatus,
  snilsDigits,
  texts,
  type ChangeReview,
  type ImportProgress,
  type InternSectionKey,
  type SubmitChangeResult,
} from '@registry/shared';
import type { z } from 'zod';
import type { SubmitChangeSchema } from '@registry/shared';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { CurrentAccount } from '../../account/account.service.js';
import type { InternChoice, InternMatchingService } from '../../intern/intern-matching.service.js';
import type { InternService } from '../../intern/intern.service.js';
import type { ImportsService } from '../imports.service.js';
import { filledPaths } from './filled-paths.js';
import { mergeRow, type Entry, type RecordSections, type RowSections } from './merge.js';
import type { ReviewRepository } from './review.repository.js';

export const reviewTexts = {
  changeNotFound: 'Запись импорта не найдена',
  alreadyHandled: 'Эта запись уже обработана: обновите страницу импорта',
  importRejected: 'Импорт отклонён: его записи больше не обрабатываются',
  requisitesMissing:
    'У импорта не указаны входящий номер и дата: укажите их (карандаш в карточке импорта), они станут основанием изменений',
  internDeleted: 'Стажёр удалён из реестра: восстановите его или выберите другого стажёра',
  newWithExisting: 'Новый стажёр не может содержать записей существующего стажёра',
  rowWithoutData: 'Запись импорта не содержит данных для сравнения',
} as const;

/** The sections a row speaks of, in the card's terms. */
const reviewedSections: InternSectionKey[] = [
  'PersonalInfo',
  'Supervisors',
  'Internships',
  'InternshipSteps',
];
const emptyRecord: RecordSections = {
  PersonalInfo: [],
  Supervisors: [],
  Internships: [],
  InternshipSteps: [],
};

type SubmitBody = z.output<typeof SubmitChangeSchema>;

/** A sent entry put into its section: in place of the entry with its Id, or added when it is new. */
function put(entries: Entry[], sent: Entry): Entry[] {
  if (sent.Id <= 0 || !entries.some((entry) => entry.Id === sent.Id)) return [...entries, sent];
  return entries.map((entry) => (entry.Id === sent.Id ? sent : entry));
}

/** The sections a submit saves: the record's current entries with the sent ones in place. */
function sectionsToSave(body: SubmitBody, record: RecordSections) {
  const sections: Partial<Record<InternSectionKey, Entry[]>> = {};
  if (body.PersonalInfo) sections.PersonalInfo = put(record.PersonalInfo, body.PersonalInfo as Entry);
  if (body.Supervisors.length > 0)
    sections.Supervisors = (body.Supervisors as Entry[]).reduce(put, record.Supervisors);
  if (body.Internship) sections.Internships = put(record.Internships, body.Internship as Entry);
  if (body.InternshipSteps)
    sections.InternshipSteps = put(record.InternshipSteps, body.InternshipSteps as Entry);
  return sections;
}

const sentEntries = (body: SubmitBody) =>
  [body.PersonalInfo, ...body.Supervisors, body.Internship, body.InternshipSteps].filter(
    (entry): entry is NonNullable<typeof entry> => entry !== null,
  );

export function createReviewService(deps: {
  db: Db;
  repo: ReviewRepository;
  imports: ImportsService;
  interns: InternService;
  matching: InternMatchingService;
}) {
  const { db, repo, imports, interns, matching } = deps;

  async function findChange(importId: number, changeId: number) {
    const change = await repo.findChange(importId, changeId);
    if (!change) throw new AppError(404, reviewTexts.changeNotFound);
    if (!change.data.PersonalInfo) throw new AppError(409, reviewTexts.rowWithoutData);
    return { ...change, sections: change.data as unknown as RowSections };
  }

  async function recordOf(internId: number): Promise<{ version: number; sections: RecordSections }> {
    const found = await interns.sectionsOf(internId, reviewedSections);
    if (!found) throw new AppError(404, texts.internNotFound);
    return { version: found.intern.version, sections: found.sections as unknown as RecordSections };
  }

  /** Refuses a row that can no longer be handled, before anything is written. */
  function checkOpen(progress: ImportProgress, status: number) {
    if (progress.Status === ImportStatus.Rejected) throw new AppError(409, reviewTexts.importRejected);
    if (status !== ChangeStatus.Pending) throw new AppError(409, reviewTexts.alreadyHandled);
  }

  /** Locks the row for the transaction: of two operators handling it, the second waits, then finds it handled. */
  async function lockPending(tx: Db, ids: { importId: number; changeId: number }) {
    const status = await repo.lockChange(tx, ids.importId, ids.changeId);
    if (status === null) throw new AppError(404, reviewTexts.changeNotFound);
    if (status !== ChangeStatus.Pending) throw new AppError(409, reviewTexts.alreadyHandled);
  }

  /** Marks the locked row handled and counts it on the import; refuses when the import was rejected meanwhile. */
  async function markHandled(
    tx: Db,
    ids: { importId: number; changeId: number },
    outcome: { internId: number } | { rejectionReason: string },
    operatorId: number,
  ) {
    if (!(await repo.markHandled(tx, ids.changeId, outcome, operatorId))) {
      throw new AppError(409, reviewTexts.alreadyHandled);
    }
    if (!(await repo.countHandled(tx, ids.importId, 'rejectionReason' in outcome))) {
      throw new AppError(409, reviewTexts.importRejected);
    }
  }

  return {
    /** A row beside the trainee it is about (matched, chosen, or none for `new`), section by section. */
    async open(
      importId: number,
      changeId: number,
      choice: InternChoice,
      account: CurrentAccount,
    ): Promise<ChangeReview> {
      const [progress, change] = await Promise.all([
        imports.progress(importId, account, changeId),
        findChange(importId, changeId),
      ]);
      const row = change.sections;
      const organizationId = progress.Organization.Id;
      // A row accepted into a trainee is shown beside that trainee unless another is asked for.
      const effectiveChoice =
        choice ?? (change.status === ChangeStatus.Finished ? (change.internId ?? undefined) : undefined);
      const snils = row.PersonalInfo.Snils as string | null;
      const match = await matching.match(
        {
          snils: snils ? snilsDigits(snils) : null,
          fullName: change.fullName,
          dateOfBirth: (row.PersonalInfo.DateOfBirth as string | null) ?? null,
          organizationId,
          registryNumber: (row.Internship.RegistryNumber as string | null) ?? null,
        },
        effectiveChoice,
      );
      const record = match.intern ? (await recordOf(match.intern.id)).sections : emptyRecord;
      const merged = mergeRow(row, record, filledPaths(change.headers, change.raw), organizationId);
      return {
        Import: progress,
        ChangeId: change.id,
        RowNumber: change.rowNumber,
        ChangeStatus: change.status,
        Intern: match.intern && {
          Id: match.intern.id,
          FullName: match.intern.fullName,
          Status: match.intern.status,
          Version: match.intern.version,
          IsDeleted: match.intern.isDeleted,
        },
        ...(merged as unknown as Pick<
          ChangeReview,
          'PersonalInfo' | 'Supervisors' | 'Internship' | 'InternshipSteps'
        >),
        ConflictingIntern: match.conflictingIntern && {
          Id: match.conflictingIntern.id,
          FullName: match.conflictingIntern.fullName,
        },
        ConflictingOrganization: match.conflictingOrganization && {
          Id: match.conflictingOrganization.id,
          Name: match.conflictingOrganization.name,
        },
        FoundByFullName: match.matchedBy === 'fullName',
        MatchedBy: match.matchedBy,
        Candidates: match.candidates.map((candidate) => ({
          Id: candidate.id,
          FullName: candidate.fullName,
          Status: candidate.status,
          Reasons: candidate.reasons,
        })),
        Notices: change.notices,
        ProcessedBy: change.processedBy,
        ProcessedAt: change.processedAt?.toISOString() ?? null,
        RejectionReason: change.rejectionReason,
      };
    },

    /**
     * Accepts a row: the sections as the operator left them are saved into the trainee exactly as a card
     * save (history per entry, status recomputed) on the basis of the import's incoming requisites, and the
     * row is marked finished, in one transaction. A row is applied at most once: the row is locked, and a
     * second submit finds it handled.
     */
    async submit(
      ids: { importId: number; changeId: number },
      target: number | 'new',
      body: SubmitBody,
      account: CurrentAccount,
    ): Promise<SubmitChangeResult> {
      const [progress, change] = await Promise.all([
        imports.progress(ids.importId, account, ids.changeId),
        findChange(ids.importId, ids.changeId),
      ]);
      checkOpen(progress, change.status);
      const { Number: number, Date: date } = progress.Requisites;
      if (!number || !date) throw new AppError(409, reviewTexts.requisitesMissing);
      let record = { version: 0, sections: emptyRecord };
      if (target === 'new') {
        if (!body.PersonalInfo) throw new AppError(400, texts.personalInfoRequired);
        if (sentEntries(body).some((entry) => entry.Id > 0))
          throw new AppError(400, reviewTexts.newWithExisting);
      } else {
        const brief = await matching.brief(target);
        if (!brief) throw new AppError(404, texts.internNotFound);
        if (brief.isDeleted) throw new AppError(409, reviewTexts.internDeleted);
        record = await recordOf(target);
      }
      const saved = await db.transaction(async (tx) => {
        await lockPending(tx, ids);
        const result = await interns.saveIn(
          tx,
          {
            internId: target === 'new' ? null : target,
            version: body.InternVersion ?? record.version,
            isCorrecting: false,
            sections: sectionsToSave(body, record.sections),
            protocol: {
              number,
              date,
              outgoingNumber: progress.OrganizationRequisites.Number,
              outgoingDate: progress.OrganizationRequisites.Date,
            },
            source: {
              importId: ids.importId,
              organizationId: progress.Organization.Id,
              changeId: ids.changeId,
            },
            operatorId: account.id,
          },
          { allowUnchanged: true },
        );
        await markHandled(tx, ids, { internId: result.internId }, account.id);
        return result;
      });
      const [after, intern] = await Promise.all([
        imports.progress(ids.importId, account, null),
        matching.brief(saved.internId),
      ]);
      return {
        Import: after,
        Intern: { Id: saved.internId, FullName: intern!.fullName, Status: intern!.status },
        HasModified: saved.modified.length > 0,
      };
    },

    /**
     * The rows still waiting for an operator that name a trainee's SNILS (digits): the card's 'Ожидает
     * обработки' links to them.
     */
    pendingRowsNaming: async (snils: string | null) => (snils ? repo.pendingRowsNaming(snils) : []),

    /** The rejected rows with their cells, for the file the SRO corrects; another SRO's import is not found. */
    async rejectedRows(importId: number, account: CurrentAccount) {
      await imports.summary(importId, account);
      return repo.rejectedRows(importId);
    },

    /** Rejects one row with a reason; the register is not touched. */
    async reject(
      ids: { importId: number; changeId: number },
      reason: string,
      account: CurrentAccount,
    ): Promise<ImportProgress> {
      const [progress, change] = await Promise.all([
        imports.progress(ids.importId, account, ids.changeId),
        repo.findChange(ids.importId, ids.changeId),
      ]);
      if (!change) throw new AppError(404, reviewTexts.changeNotFound);
      checkOpen(progress, change.status);
      await db.transaction(async (tx) => {
        await lockPending(tx, ids);
        await markHandled(tx, ids, { rejectionReason: reason }, account.id);
      });
      return imports.progress(ids.importId, account, null);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
