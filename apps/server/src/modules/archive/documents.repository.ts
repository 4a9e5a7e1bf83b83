import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { protocolColumns } from '../../db/change-protocols.js';
import {
  accounts,
  basisDocuments,
  changeProtocols,
  internEntries,
  internEntryVersions,
  interns,
  organizations,
} from '../../db/schema/index.js';
import { matchesTerm } from '../../lib/search.js';
import { versionColumns, versionOperator } from './archive.repository.js';

/** The trainees a list row names: the first few by name, however many the document changed. */
const NAMED_INTERNS = 5;

/** The changes one document shows at most: an import of 10,000 rows writes a few versions a row. */
const MAX_CHANGES = 50_000;

/** What finds basis documents: words of their number or SRO's name, and their date's range. */
export interface DocumentsFilter {
  term?: string | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}

/**
 * The condition on `basis_documents` of a filter: a term matches a document's number or its SRO's name. The
 * SROs are looked up first, in a query of their own (there are a few dozen), so that the documents' query
 * names their ids: given a join or a subquery instead, the planner cannot tell one SRO from all of them, and
 * reads every document by date where the SROs' index would find theirs.
 */
async function documentsMatching(db: Db, filter: DocumentsFilter): Promise<SQL | undefined> {
  const byNumber = matchesTerm(basisDocuments.searchKey, filter.term);
  let byTerm = byNumber;
  if (byNumber) {
    const named = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(matchesTerm(organizations.searchKey, filter.term));
    if (named.length > 0) {
      byTerm = or(
        byNumber,
        inArray(
          basisDocuments.organizationId,
          named.map((organization) => organization.id),
        ),
      );
    }
  }
  return and(
    byTerm,
    filter.from ? gte(basisDocuments.date, filter.from) : undefined,
    filter.to ? lte(basisDocuments.date, filter.to) : undefined,
  );
}

/** Basis documents, each with its SRO and the first trainees it changed by name. */
function selectDocuments(db: Db) {
  return db
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
}

/**
 * The two searches of the archive: basis documents (schema/history.ts), each with its SRO and the first
 * trainees it changed by name, and the change protocols written under them, found by their documents.
 */
export function createDocumentsRepository(db: Db) {
  const documentIds = (matching: SQL | undefined) =>
    db.select({ id: basisDocuments.id }).from(basisDocuments).where(matching);
  return {
    /** The ids of the first `limit` documents matching, the latest dated first (basis_documents_date_idx). */
    async idsUpTo(filter: DocumentsFilter, limit: number): Promise<number[]> {
      const rows = await documentIds(await documentsMatching(db, filter))
        .orderBy(desc(basisDocuments.date), desc(basisDocuments.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The documents of `ids`, in no order: the named trainees are worked out for these rows only. */
    rowsOf: (ids: number[]) => selectDocuments(db).where(inArray(basisDocuments.id, ids)),

    async find(id: number) {
      const [row] = await selectDocuments(db).where(eq(basisDocuments.id, id));
      return row ?? null;
    },

    /**
     * The ids of the first `limit` change protocols whose number or SRO's name contains the term's words,
     * newest first. A protocol's number and SRO are those of its basis document (each save writes it under
     * one), so they are found through the documents: a term costs one read of the documents where it would
     * cost one of ten times as many protocols, and change_protocols_created_idx, read backwards, gives each
     * protocol's document without reading its row.
     */
    async protocolIdsUpTo(term: string | undefined, limit: number): Promise<number[]> {
      const matching = await documentsMatching(db, { term });
      const rows = await db
        .select({ id: changeProtocols.id })
        .from(changeProtocols)
        .where(matching && inArray(changeProtocols.documentId, documentIds(matching)))
        .orderBy(desc(changeProtocols.createdAt), desc(changeProtocols.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The change protocols of `ids`, in no order, with the trainee and the sections each changed. */
    protocolsOf: (ids: number[]) =>
      db
        .select({
          ...protocolColumns,
          modifiedSections: changeProtocols.modifiedSections,
          internId: interns.id,
          internName: interns.fullName,
        })
        .from(changeProtocols)
        .innerJoin(interns, eq(interns.id, changeProtocols.internId))
        .leftJoin(organizations, eq(organizations.id, changeProtocols.organizationId))
        .leftJoin(accounts, eq(accounts.id, changeProtocols.operatorId))
        .where(inArray(changeProtocols.id, ids)),

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
      ...versionColumns,
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
