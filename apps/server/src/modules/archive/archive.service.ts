import {
  historyKinds,
  internSections,
  texts,
  type ArchiveRecord,
  type ArchiveSearchRow,
  type DocumentChange,
  type HistoryKind,
  type CappedPaged,
  type InternSectionKey,
} from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import { fetchCappedPage } from '../../lib/search.js';
import { toChangeProtocol } from '../../db/change-protocols.js';
import type { ArchiveRepository } from './archive.repository.js';
import type { DocumentsRepository } from './documents.repository.js';

type VersionRow = Awaited<ReturnType<ArchiveRepository['versionsOf']>>[number];

/** A version as the contract shows it, in an entry's timeline and among a document's changes. */
export function toVersion(
  row: Pick<VersionRow, 'kind' | 'operatorName' | 'createdAt' | 'data' | 'previousData'>,
): Pick<DocumentChange, 'Kind' | 'KindName' | 'OperatorName' | 'CreatedAt' | 'Data' | 'PreviousData'> {
  return {
    Kind: row.kind as HistoryKind,
    KindName: historyKinds[row.kind as HistoryKind],
    OperatorName: row.operatorName,
    CreatedAt: row.createdAt.toISOString(),
    Data: row.data,
    PreviousData: row.previousData,
  };
}

/** The section key of a slug ('internship-steps') or of the key itself ('InternshipSteps'). */
function sectionOf(name: string): InternSectionKey | null {
  const found = Object.entries(internSections).find(
    ([key, section]) => key === name || section.slug === name,
  );
  return found ? (found[0] as InternSectionKey) : null;
}

/** An entry's timeline, and the change protocols' search through the documents they were written under. */
export function createArchiveService(repo: ArchiveRepository, documents: DocumentsRepository) {
  return {
    /** The timeline of one entry: its first version, its changes and corrections, each with its basis. */
    async timeline(sectionName: string, entryId: number): Promise<ArchiveRecord[]> {
      const section = sectionOf(sectionName);
      const entry = await repo.findEntry(entryId);
      if (!section || !entry || entry.section !== section) throw new AppError(404, texts.notFound);
      const versions = await repo.versionsOf(entryId);
      return versions.map((version) => ({
        Id: version.id,
        ...toVersion(version),
        Protocol: toChangeProtocol(version.protocol),
      }));
    },

    /** The 'Документы' search: change protocols by number or SRO name, paged as the trainee list is. */
    searchDocuments: (term: string | undefined, page: number): Promise<CappedPaged<ArchiveSearchRow>> =>
      fetchCappedPage(
        page,
        { idsUpTo: (limit) => documents.protocolIdsUpTo(term, limit), rowsOf: documents.protocolsOf },
        (row) => {
          const protocol = toChangeProtocol(row);
          return {
            Id: row.id,
            Intern: { Id: row.internId, FullName: row.internName },
            Import: protocol.Import,
            Requisites: protocol.Requisites,
            Modified: row.modifiedSections,
            CreatedAt: protocol.CreatedAt,
          };
        },
      ),
  };
}

export type ArchiveService = ReturnType<typeof createArchiveService>;
