import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  basisDocuments,
  changeProtocols,
  internEntries,
  internEntryVersions,
  interns,
  organizations,
} from '../../db/schema/index.js';
import { matchesTerm } from '../../lib/search.js';
import { versionOperator } from './archive.repository.js';

/** What finds basis documents: words of their number or SRO's name, and their date's range. */
export interface DocumentsFilter {
  term?: string | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}

/** The trainees a list row names: the first few by name, however many the document changed. */
const NAMED_INTERNS = 5;

/** The changes one document shows at most: an import of 10,000 rows writes a few versions a row. */
const MAX_CHANGES = 50_000;

function documentsMatching(filter: DocumentsFilter): SQL | undefined {
  const byNumber = matchesTerm(basisDocuments.searchKey, filter.term);
  const byOrganization = matchesTerm(organizations.searchKey, filter.term);
  return and(
    byNumber && byOrganization ? or(byNumber, byOrganization) : undefined,
    filter.from ? gte(basisDocuments.date, filter.from) : undefined,
    filter.to ? lte(basisDocuments.date, filter.to) : undefined,
  );
}

/** Basis documents (schema/history.ts), each with its SRO and the first trainees it changed by name. */
export function createDocumentsRepository(db: Db) {
  const select = () =>
    db
      .select({
        id: basisDocuments.id,
        number: basisDocuments.number,
        date: basisDocuments.date,
        outgoingNumber: basisDocuments.outgoingNumber,
        outgoingDate: basisDocuments.outgoingDate,
        importId: basisDocuments.importId,
        organizationId: basisDocuments.organizationId,
        organizationName: organizations.name,
        internCount: basisDocuments.internCount,
        interns: sql<{ Id: number; FullName: string }[] | null>`(
          select json_agg(json_build_object('Id', named.id, 'FullName', named.full_name) order by named.full_name)
          from (select ${interns.id} as id, ${interns.fullName} as full_name
                from ${interns}
                where ${interns.id} in (select intern_id from ${changeProtocols}
                                        where ${changeProtocols.documentId} = ${basisDocuments.id})
                order by ${interns.fullName} limit ${NAMED_INTERNS}) named)`,
        lastChangedAt: basisDocuments.lastChangedAt,
      })
      .from(basisDocuments)
      .leftJoin(organizations, eq(organizations.id, basisDocuments.organizationId));

  return {
    /** A page of documents, the latest dated first. */
    page: (filter: DocumentsFilter, limit: number, offset: number) =>
      select()
        .where(documentsMatching(filter))
        .orderBy(desc(basisDocuments.date), desc(basisDocuments.id))
        .limit(limit)
        .offset(offset),

    async count(filter: DocumentsFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(basisDocuments)
        .leftJoin(organizations, eq(organizations.id, basisDocuments.organizationId))
        .where(documentsMatching(filter));
      return row?.n ?? 0;
    },

    async find(id: number) {
      const [row] = await select().where(eq(basisDocuments.id, id));
      return row ?? null;
    },

    changesUnder: (documentId: number) => changesUnder(db, documentId),
  };
}

/** Every version written under a document's protocols, oldest first, with its trainee and entry. */
function changesUnder(db: Db, documentId: number) {
  const protocols = db
    .select({ id: changeProtocols.id })
    .from(changeProtocols)
    .where(eq(changeProtocols.documentId, documentId));
  return db
    .select({
      internId: interns.id,
      internName: interns.fullName,
      section: internEntries.section,
      entryId: internEntries.id,
      kind: internEntryVersions.kind,
      operatorName: versionOperator.fullName,
      createdAt: internEntryVersions.createdAt,
      data: internEntryVersions.data,
      previousData: internEntryVersions.previousData,
    })
    .from(internEntryVersions)
    .innerJoin(internEntries, eq(internEntries.id, internEntryVersions.entryId))
    .innerJoin(interns, eq(interns.id, internEntries.internId))
    .leftJoin(versionOperator, eq(versionOperator.id, internEntryVersions.operatorId))
    .where(inArray(internEntryVersions.protocolId, protocols))
    .orderBy(internEntryVersions.id)
    .limit(MAX_CHANGES);
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
