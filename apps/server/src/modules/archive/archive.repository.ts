import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accounts,
  changeProtocols,
  internEntries,
  internEntryVersions,
  organizations,
} from '../../db/schema/index.js';
import { protocolColumns } from '../../db/change-protocols.js';

// The operator who wrote a version, apart from the one who wrote its protocol (the same person today).
export const versionOperator = alias(accounts, 'version_operator');

/** A version's columns as the archive shows them; a query selecting them left-joins `versionOperator`. */
export const versionColumns = {
  kind: internEntryVersions.kind,
  operatorName: versionOperator.fullName,
  createdAt: internEntryVersions.createdAt,
  data: internEntryVersions.data,
  previousData: internEntryVersions.previousData,
};

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
          ...versionColumns,
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
  };
}

export type ArchiveRepository = ReturnType<typeof createArchiveRepository>;
