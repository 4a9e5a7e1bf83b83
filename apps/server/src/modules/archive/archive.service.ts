import {
  historyKinds,
  internSections,
  texts,
  type ArchiveRecord,
  type ArchiveSearchRow,
  type HistoryKind,
  type CappedPaged,
  type InternSectionKey,
} from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import { fetchCappedPage } from '../../lib/search.js';
import { toChangeProtocol } from '../../db/change-protocols.js';
import type { ArchiveRepository } from './archive.repository.js';

/** The section key of a slug ('internship-steps') or of the key itself ('InternshipSteps'). */
function sectionOf(name: string): InternSectionKey | null {
  const found = Object.entries(internSections).find(
    ([key, section]) => key === name || section.slug === name,
  );
  return found ? (found[0] as InternSectionKey) : null;
}

export function createArchiveService(repo: ArchiveRepository) {
  return {
    /** The timeline of one entry: its first version, its changes and corrections, each with its basis. */
    async timeline(sectionName: string, entryId: number): Promise<ArchiveRecord[]> {
      const section = sectionOf(sectionName);
      const entry = await repo.findEntry(entryId);
      if (!section || !entry || entry.section !== section) throw new AppError(404, texts.notFound);
      const versions = await repo.versionsOf(entryId);
      return versions.map((version) => ({
        Id: version.id,
        Kind: version.kind as HistoryKind,
        KindName: historyKinds[version.kind as HistoryKind],
        OperatorName: version.versionOperatorName,
        CreatedAt: version.createdAt.toISOString(),
        Protocol: toChangeProtocol(version.protocol),
        Data: version.data,
        PreviousData: version.previousData,
      }));
    },

    /** The 'Документы' search: change protocols by number or SRO name, paged as the trainee list is. */
    searchDocuments: (term: string | undefined, page: number): Promise<CappedPaged<ArchiveSearchRow>> =>
      fetchCappedPage(
        page,
        { idsUpTo: (limit) => repo.protocolIdsUpTo(term, limit), rowsOf: repo.protocolsOf },
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
