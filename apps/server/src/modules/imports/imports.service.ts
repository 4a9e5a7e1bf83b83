import {
  openImportStatuses,
  texts,
  type EditImport,
  type Import,
  type ImportChangePage,
  type ImportFile,
  type ImportMail,
  type ImportListItem,
  type ImportProgress,
  type ImportStatus,
  type Paged,
} from '@registry/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { fetchPage, toPaged } from '../../lib/search.js';
import type { CurrentAccount } from '../../lib/session.js';
import type { Outbox } from '../../mail/outbox.js';
import { daysLeft } from './deadline.js';
import type { FileInfo, FileStore } from './store/file-store.js';
import type { ChangeFilter, ImportRow, ImportTabKey, ImportsRepository } from './imports.repository.js';
import { toChange, toRowCounts, toSpecLists } from './import-row-views.js';
import { rejectionFile } from './rejection-file.js';

export const importTexts = {
  notFound: 'Импорт не найден',
  fileNotFound: 'Файл не найден',
  cannotReject: 'Отклонить можно только импорт, ожидающий обработки или находящийся в обработке',
};

function toFile(info: FileInfo | undefined): ImportFile | null {
  return info
    ? {
        Id: info.id,
        Name: info.name,
        Size: info.size,
        NominalExtension: info.nominalExtension,
        Extension: info.extension,
      }
    : null;
}

/** An import's facts a row's decision checks and writes with (ImportsService.decisionFacts). */
export interface DecisionFacts {
  status: number;
  requisites: { number: string | null; date: string | null };
  outgoingRequisites: { number: string | null; date: string | null };
  organizationId: number;
}

/** An SRO representative sees only their own SRO's imports; an operator sees all. */
function organizationScope(account: CurrentAccount): number | null {
  return account.organization?.id ?? null;
}

/**
 * Whether the caller sees how the import's rows meet the register (a row's match, its conflict, the trainee an
 * accepted row went to): operators only. A representative sees their rows, their states and the reasons; the
 * matching would tell the SRO that the register holds a person of that name and birth date.
 */
const seesMatching = (account: CurrentAccount) => organizationScope(account) === null;

function toListItem(row: ImportRow, files: Map<number, FileInfo>, now: Date): ImportListItem {
  const file = toFile(files.get(row.fileId))!;
  return {
    Id: row.id,
    Organization: { Id: row.organizationId, Name: row.organizationName },
    ImportedBy: {
      Id: row.importedById,
      FullName: row.importedByName,
      Organization:
        row.importerOrganizationId !== null
          ? { Id: row.importerOrganizationId, Name: row.importerOrganizationName ?? '' }
          : null,
    },
    ImportedAt: row.importedAt.toISOString(),
    FileName: file.Name,
    File: file,
    Status: row.status,
    RowCount: row.rowCount,
    PendingCount: row.pendingCount,
    RejectedCount: row.rejectedCount,
    UnchangedCount: row.unchangedCount,
    Requisites: { Number: row.number, Date: row.date },
    OrganizationRequisites: { Number: row.organizationNumber, Date: row.organizationDate },
    ExpiresInDays: daysLeft(row.deadlineAt, now),
    DeadlineAt: row.deadlineAt.toISOString(),
  };
}

const rejectionOf = (row: ImportRow) =>
  row.rejectionReason !== null ? { Id: row.rejectionFileId, Reason: row.rejectionReason } : null;

const documentFileIds = (row: ImportRow) =>
  [
    row.fileId,
    row.protocolFileId,
    row.protocolSignatureFileId,
    row.letterFileId,
    row.letterSignatureFileId,
  ].filter((id): id is number => id !== null);

/** The letters to the SRO about its imports: enqueued with the rejection, listed on the detail. */
export interface ImportsMail {
  outbox: Pick<Outbox, 'enqueueForImport'>;
  mailsOf: (importId: number) => Promise<ImportMail[]>;
}

/** What the service's parts share: its dependencies, and finding an import the caller may see. */
interface ImportsContext {
  db: Db;
  repo: ImportsRepository;
  files: FileStore;
  clock: () => Date;
  mail: ImportsMail;
  findVisible(id: number, account: CurrentAccount): Promise<ImportRow>;
}

/** The list, the detail, and the import as the row review shows it. */
function importReads({ repo, files, clock, mail, findVisible }: ImportsContext) {
  return {
    async list(tab: ImportTabKey, page: number, account: CurrentAccount): Promise<Paged<ImportListItem>> {
      const scope = organizationScope(account);
      const rows = await fetchPage(page, {
        count: () => repo.count(tab, scope),
        rows: (limit, offset) => repo.list(tab, scope, limit, offset),
      });
      const infos = await files.info(rows.rows.map((row) => row.fileId));
      const now = clock();
      return toPaged(rows, (row) => toListItem(row, infos, now));
    },

    /**
     * What a decision on one of its rows checks before it is made, read once: the import's state, requisites
     * and SRO, without its files or counts (the decision answers the progress it leaves, read after).
     */
    async decisionFacts(id: number, account: CurrentAccount): Promise<DecisionFacts> {
      const row = await findVisible(id, account);
      return {
        status: row.status,
        requisites: { number: row.number, date: row.date },
        outgoingRequisites: { number: row.organizationNumber, date: row.organizationDate },
        organizationId: row.organizationId,
      };
    },

    /** An import as a row of the list: without its rows. */
    async summary(id: number, account: CurrentAccount): Promise<ImportListItem> {
      const row = await findVisible(id, account);
      return toListItem(row, await files.info([row.fileId]), clock());
    },

    /** The detail; without the lists of its rows (`?rows=counts`) unless `lists`. */
    async get(id: number, account: CurrentAccount, { lists } = { lists: true }): Promise<Import> {
      const row = await findVisible(id, account);
      const [counts, rows, infos, mails] = await Promise.all([
        repo.changeCounts(id, row.organizationId),
        lists ? repo.rowLists(id) : null,
        files.info(documentFileIds(row)),
        // The delivery of the SRO's letters is the operators' concern; a representative reads the letter itself.
        organizationScope(account) === null ? mail.mailsOf(id) : [],
      ]);
      const rejection = rejectionOf(row);
      return {
        ...toListItem(row, infos, clock()),
        ...(rows && toSpecLists(rows, rejection)),
        ...toRowCounts(counts, seesMatching(account)),
        Rejection: rejection,
        Protocol: toFile(infos.get(row.protocolFileId ?? -1)),
        ProtocolSignature: toFile(infos.get(row.protocolSignatureFileId ?? -1)),
        Letter: toFile(infos.get(row.letterFileId ?? -1)),
        LetterSignature: toFile(infos.get(row.letterSignatureFileId ?? -1)),
        Notices: row.notices,
        Mails: mails,
      };
    },

    /**
     * An import as the row review shows it: the list's summary, its rejection, and the row to open next
     * (the first still waiting, other than `exceptChangeId`).
     */
    async progress(
      id: number,
      account: CurrentAccount,
      exceptChangeId: number | null,
    ): Promise<ImportProgress> {
      const row = await findVisible(id, account);
      const [infos, next] = await Promise.all([
        files.info([row.fileId]),
        repo.nextPending(id, exceptChangeId, account.id),
      ]);
      return {
        ...toListItem(row, infos, clock()),
        Rejection: rejectionOf(row),
        NextPending: next,
      };
    },
  };
}

/** The import's rows, a page at a time, as its page filters them. */
function importRowPages({ repo, findVisible }: ImportsContext) {
  return {
    /** A page of the import's rows under the page's filter (`GET /imports/{id}/changes`). */
    async changes(
      id: number,
      { page, ...filter }: ChangeFilter & { page: number },
      account: CurrentAccount,
    ): Promise<ImportChangePage> {
      const { organizationId } = await findVisible(id, account);
      const matching = seesMatching(account);
      // A filter by match would tell by its rows what the match leaves out.
      if (filter.match && !matching) throw new AppError(403, texts.forbidden);
      const rows = await fetchPage(page, {
        count: () => repo.countChanges(id, organizationId, filter),
        rows: (limit, offset) => repo.changePage(id, organizationId, filter, limit, offset),
      });
      return { ...toPaged(rows, (row) => toChange(row, matching)), Total: rows.total };
    },
  };
}

/** Editing an import's requisites and rejecting it whole; each answers the import as the detail shows it. */
function importWrites(
  { db, repo, files, mail, findVisible }: ImportsContext,
  get: (id: number, account: CurrentAccount) => Promise<Import>,
) {
  return {
    /** 'Редактирование импорта': the registry's incoming requisites and the SRO's outgoing ones. */
    async edit(id: number, body: EditImport & { Date: string }, account: CurrentAccount): Promise<Import> {
      const updated = await repo.updateRequisites(id, {
        number: body.Number,
        date: body.Date,
        ...(body.OrganizationNumber !== undefined ? { organizationNumber: body.OrganizationNumber } : {}),
        ...(body.OrganizationDate !== undefined ? { organizationDate: body.OrganizationDate } : {}),
      });
      if (!updated) throw new AppError(404, importTexts.notFound);
      return get(id, account);
    },

    /**
     * Rejects the whole import with a reason, only while it waits or is being processed; the SRO receives a
     * file of its rows with the reason, and its representatives a letter, enqueued with the rejection.
     */
    async reject(id: number, reason: string, account: CurrentAccount): Promise<Import> {
      const row = await findVisible(id, account);
      if (!openImportStatuses.includes(row.status as ImportStatus))
        throw new AppError(409, importTexts.cannotReject);
      const rows = await repo.changesWithData(id);
      const file = await rejectionFile(`Отклонение импорта ${id}.xlsx`, reason, rows);
      await db.transaction(async (tx) => {
        const rejectionFileId = await files.store(tx, file);
        if (!(await repo.reject(tx, id, { reason, rejectionFileId, rejectedById: account.id }))) {
          throw new AppError(409, importTexts.cannotReject);
        }
        await mail.outbox.enqueueForImport(tx, 'import-rejected', id);
      });
      return get(id, account);
    },
  };
}

/** An import's files, only to a caller who may see the import. */
function importFiles({ files, findVisible }: ImportsContext) {
  return {
    /** A file of an import the caller may see, described. */
    async fileInfo(importId: number, fileId: number, account: CurrentAccount): Promise<ImportFile> {
      const row = await findVisible(importId, account);
      if (![...documentFileIds(row), row.rejectionFileId].includes(fileId))
        throw new AppError(404, importTexts.fileNotFound);
      return toFile((await files.info([fileId])).get(fileId))!;
    },

    /** A file's content, if it belongs to an import the caller may see; `rejectionOnly` for rejection links. */
    async fileContent(fileId: number, account: CurrentAccount, options: { rejectionOnly: boolean }) {
      const owner = await files.ownerImport(fileId);
      const scope = organizationScope(account);
      const visible = owner !== null && (scope === null || owner.organizationId === scope);
      if (!visible || (options.rejectionOnly && owner.rejectionFileId !== fileId)) {
        throw new AppError(404, importTexts.fileNotFound);
      }
      const file = await files.content(fileId);
      if (!file) throw new AppError(404, importTexts.fileNotFound);
      return { ...file, importId: owner.id, organizationId: owner.organizationId };
    },
  };
}

export function createImportsService(
  db: Db,
  repo: ImportsRepository,
  files: FileStore,
  mail: ImportsMail,
  clock: () => Date = () => new Date(),
) {
  /** The import if the caller may see it; another SRO's import is simply not found. */
  async function findVisible(id: number, account: CurrentAccount): Promise<ImportRow> {
    const row = await repo.find(id);
    const scope = organizationScope(account);
    if (!row || (scope !== null && row.organizationId !== scope))
      throw new AppError(404, importTexts.notFound);
    return row;
  }
  const context = { db, repo, files, clock, mail, findVisible };
  const reads = importReads(context);
  return {
    ...reads,
    ...importRowPages(context),
    ...importWrites(context, reads.get),
    ...importFiles(context),
    countWaiting: () => repo.countWaiting(),
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
