import { and, asc, count, desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accounts,
  changeProtocols,
  internEntries,
  internEntryVersions,
  interns,
  organizations,
} from '../../db/schema/index.js';
import { matchesTerm } from '../../lib/search.js';
import { protocolColumns } from '../intern/change-protocols.js';

// The operator who wrote a version, apart from the one who wrote its protocol (the same person today).
export const versionOperator = alias(accounts, 'version_operator');

export function createArchiveRepository(db: Db) {
  function documentsMatching(term: string | undefined) {
    const byNumber = matchesTerm(changeProtocols.searchKey, term);
    const byOrganization = matchesTerm(organizations.searchKey, term);
    return byNumber && byOrganization ? or(byNumber, byOrganization) : undefined;
  }

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

    /** Change protocols whose number or SRO name contains the term's words, newest first. */
    async searchDocuments(term: string | undefined, limit: number, offset: number) {
      return db
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
        .where(and(documentsMatching(term)))
        .orderBy(desc(changeProtocols.createdAt), desc(changeProtocols.id))
        .limit(limit)
        .offset(offset);
    },

    async countDocuments(term: string | undefined): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(changeProtocols)
        .leftJoin(organizations, eq(organizations.id, changeProtocols.organizationId))
        .where(and(documentsMatching(term)));
      return row?.n ?? 0;
    },
  };
}

export type ArchiveRepository = ReturnType<typeof createArchiveRepository>;
