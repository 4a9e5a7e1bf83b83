import {
  historyKinds,
  internSections,
  texts,
  type BasisDocument,
  type DocumentChanges,
  type HistoryKind,
  type InternSectionKey,
  type Paged,
} from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import { fetchPage, toPaged } from '../../lib/search.js';
import type { DocumentsFilter, DocumentsRepository } from './documents.repository.js';

type DocumentRow = Awaited<ReturnType<DocumentsRepository['page']>>[number];

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
    async search(filter: DocumentsFilter, page: number): Promise<Paged<BasisDocument>> {
      const rows = await fetchPage(page, {
        count: () => repo.count(filter),
        rows: (limit, offset) => repo.page(filter, limit, offset),
      });
      return toPaged(rows, toDocument);
    },

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
          Kind: change.kind as HistoryKind,
          KindName: historyKinds[change.kind as HistoryKind],
          OperatorName: change.operatorName,
          CreatedAt: change.createdAt.toISOString(),
          Data: change.data,
          PreviousData: change.previousData,
        })),
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
