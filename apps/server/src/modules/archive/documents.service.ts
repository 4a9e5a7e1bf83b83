import {
  internSections,
  texts,
  type BasisDocument,
  type DocumentChanges,
  type InternSectionKey,
  type CappedPaged,
} from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import { fetchCappedPage } from '../../lib/search.js';
import { toVersion } from './archive.service.js';
import type { DocumentsFilter, DocumentsRepository } from './documents.repository.js';

type DocumentRow = Awaited<ReturnType<DocumentsRepository['rowsOf']>>[number];

function toDocument(row: DocumentRow): BasisDocument {
  return {
    Id: row.id,
    Requisites: { Number: row.number, Date: row.date },
    OutgoingRequisites: { Number: row.outgoingNumber, Date: row.outgoingDate },
    Organization:
      row.organizationId !== null ? { Id: row.organizationId, Name: row.organizationName ?? '' } : null,
    Import: row.importId !== null ? { Id: row.importId } : null,
    Interns: row.interns ?? [],
    InternCount: row.internCount,
    LastChangedAt: row.lastChangedAt.toISOString(),
  };
}

/** The '/documents' screen: basis documents found by number, SRO or date, and every change made on one. */
export function createDocumentsService(repo: DocumentsRepository) {
  return {
    /** A page of the documents, the latest dated first, paged as the trainee list is. */
    search: (filter: DocumentsFilter, page: number): Promise<CappedPaged<BasisDocument>> =>
      fetchCappedPage(
        page,
        { idsUpTo: (limit) => repo.idsUpTo(filter, limit), rowsOf: repo.rowsOf },
        toDocument,
      ),

    async changes(documentId: number): Promise<DocumentChanges> {
      const document = await repo.find(documentId);
      if (!document) throw new AppError(404, texts.notFound);
      const changes = await repo.changesUnder(documentId);
      return {
        Document: toDocument(document),
        Changes: changes.map((change) => ({
          Intern: { Id: change.internId, FullName: change.internName },
          Section: change.section,
          SectionTitle: internSections[change.section as InternSectionKey]?.title ?? change.section,
          EntryId: change.entryId,
          ...toVersion(change),
        })),
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
