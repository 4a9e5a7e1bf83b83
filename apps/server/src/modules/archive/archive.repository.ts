import { asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accounts,
  basisDocuments,
  changeProtocols,
  internEntries,
  internEntryVersions,
  interns,
  organizations,
} from '../../db/schema/index.js';
import { protocolColumns } from '../../db/change-protocols.js';
import { documentsMatching } from './documents-matching.js';

// The operator who wrote a version, apart from the one who wrote its protocol (the same person today).
export const versionOperator = alias(accounts, 'version_operator');

export function createArchiveRepository(db: Db) {
  return {
    async findEntry(entryId: number) {
      const [row] = await db
        .select({ id: internEntries.id, section: internEntries.section })
        .from(internEntries)
        .where(eq(internEntries.id, entryId));
      return row ?? null;
    },

    /** The versions of one entry, oldest first, each with its protocol. */
    async versionsOf(entryId: number) {
      return db
        .select({
          id: internEntryVersions.id,
          kind: internEntryVersions.kind,
          data: internEntryVersions.data,
          previousData: internEntryVersions.previousData,
          createdAt: internEntryVersions.createdAt,
          versionOperatorName: versionOperator.fullName,
          protocol: protocolColumns,
        })
        .from(internEntryVersions)
        .innerJoin(changeProtocols, eq(changeProtocols.id, internEntryVersions.protocolId))
        .leftJoin(organizations, eq(organizations.id, changeProtocols.organizationId))
        .leftJoin(accounts, eq(accounts.id, changeProtocols.operatorId))
        .leftJoin(versionOperator, eq(versionOperator.id, internEntryVersions.operatorId))
        .where(eq(internEntryVersions.entryId, entryId))
        .orderBy(asc(internEntryVersions.id));
    },

    /**
     * The ids of the first `limit` change protocols whose number or SRO's name contains the term's words,
     * newest first. A protocol's number and SRO are those of its basis document (each save writes it under
     * one), so they are found through the documents: a term costs one read of the documents where it would
     * cost one of ten times as many protocols, and change_protocols_created_idx, read backwards, gives each
     * protocol's document without reading its row.
     */
    async protocolIdsUpTo(term: string | undefined, limit: number): Promise<number[]> {
      const documents = await documentsMatching(db, { term });
      const rows = await db
        .select({ id: changeProtocols.id })
        .from(changeProtocols)
        .where(
          documents &&
            inArray(
              changeProtocols.documentId,
              db.select({ id: basisDocuments.id }).from(basisDocuments).where(documents),
            ),
        )
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
  };
}

export type ArchiveRepository = ReturnType<typeof createArchiveRepository>;
