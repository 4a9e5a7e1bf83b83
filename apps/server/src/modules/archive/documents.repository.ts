import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  basisDocuments,
  changeProtocols,
  internEntries,
  internEntryVersions,
  interns,
  organizations,
} from '../../db/schema/index.js';
import { versionOperator } from './archive.repository.js';
import { documentsMatching, type DocumentsFilter } from './documents-matching.js';

/** The trainees a list row names: the first few by name, however many the document changed. */
const NAMED_INTERNS = 5;

/** The changes one document shows at most: an import of 10,000 rows writes a few versions a row. */
const MAX_CHANGES = 50_000;

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
    /** The ids of the first `limit` documents matching, the latest dated first (basis_documents_date_idx). */
    async idsUpTo(filter: DocumentsFilter, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: basisDocuments.id })
        .from(basisDocuments)
        .where(await documentsMatching(db, filter))
        .orderBy(desc(basisDocuments.date), desc(basisDocuments.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The documents of `ids`, in no order: the named trainees are worked out for these rows only. */
    rowsOf: (ids: number[]) => select().where(inArray(basisDocuments.id, ids)),

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
