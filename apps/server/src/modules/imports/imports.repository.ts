import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { accounts, dictionaryEntries, importChanges, imports, organizations } from '../../db/schema/index.js';

/** Which imports a tab of the list shows, by status. */
export const tabStatuses = {
  all: null,
  pending: [0, 1],
  completed: [2],
  rejected: [3],
} as const;
export type ImportTabKey = keyof typeof tabStatuses;

const importerOrganization = alias(organizations, 'importer_organization');

const importColumns = {
  id: imports.id,
  organizationId: imports.organizationId,
  organizationName: organizations.name,
  importedById: imports.importedById,
  importedByName: accounts.fullName,
  importerOrganizationId: importerOrganization.id,
  importerOrganizationName: importerOrganization.name,
  importedAt: imports.importedAt,
  deadlineAt: imports.deadlineAt,
  status: imports.status,
  fileId: imports.fileId,
  protocolFileId: imports.protocolFileId,
  protocolSignatureFileId: imports.protocolSignatureFileId,
  letterFileId: imports.letterFileId,
  letterSignatureFileId: imports.letterSignatureFileId,
  number: imports.number,
  date: imports.date,
  organizationNumber: imports.organizationNumber,
  organizationDate: imports.organizationDate,
  rowCount: imports.rowCount,
  pendingCount: imports.pendingCount,
  rejectedCount: imports.rejectedCount,
  notices: imports.notices,
  rejectionReason: imports.rejectionReason,
  rejectionFileId: imports.rejectionFileId,
};

function visibleTo(organizationId: number | null, tab: ImportTabKey): SQL | undefined {
  const statuses = tabStatuses[tab];
  return and(
    organizationId === null ? undefined : eq(imports.organizationId, organizationId),
    statuses === null ? undefined : inArray(imports.status, [...statuses]),
  );
}

export function createImportsRepository(db: Db) {
  const selectImports = () =>
    db
      .select(importColumns)
      .from(imports)
      .innerJoin(organizations, eq(organizations.id, imports.organizationId))
      .innerJoin(accounts, eq(accounts.id, imports.importedById))
      .leftJoin(importerOrganization, eq(importerOrganization.id, accounts.organizationId));

  return {
    /** A page of imports, newest first; `organizationId` limits it to one SRO's. */
    async list(tab: ImportTabKey, organizationId: number | null, limit: number, offset: number) {
      return selectImports()
        .where(visibleTo(organizationId, tab))
        .orderBy(desc(imports.importedAt), desc(imports.id))
        .limit(limit)
        .offset(offset);
    },

    async count(tab: ImportTabKey, organizationId: number | null): Promise<number> {
      const [row] = await db.select({ n: count() }).from(imports).where(visibleTo(organizationId, tab));
      return row?.n ?? 0;
    },

    async find(id: number) {
      const [row] = await selectImports().where(eq(imports.id, id));
      return row ?? null;
    },

    async changesOf(importId: number) {
      return db
        .select({
          id: importChanges.id,
          rowNumber: importChanges.rowNumber,
          status: importChanges.status,
          fullName: importChanges.fullName,
          snils: importChanges.snils,
          rejectionReason: importChanges.rejectionReason,
          internId: importChanges.internId,
        })
        .from(importChanges)
        .where(eq(importChanges.importId, importId))
        .orderBy(asc(importChanges.rowNumber), asc(importChanges.id));
    },

    /** Every row of an import, for the rejection file. */
    async changesWithData(importId: number) {
      return db
        .select({
          rowNumber: importChanges.rowNumber,
          fullName: importChanges.fullName,
          snils: importChanges.snils,
        })
        .from(importChanges)
        .where(eq(importChanges.importId, importId))
        .orderBy(asc(importChanges.rowNumber));
    },

    async insertImport(tx: Db, values: typeof imports.$inferInsert): Promise<number> {
      const [row] = await tx.insert(imports).values(values).returning({ id: imports.id });
      return row!.id;
    },

    /**
     * Stores an import's rows. Each batch travels as one JSON parameter that the database unpacks itself:
     * thousands of rows as bound parameters would cost far more to build, send and parse.
     */
    async insertChanges(
      tx: Db,
      importId: number,
      rows: Pick<
        typeof importChanges.$inferInsert,
        'rowNumber' | 'fullName' | 'snils' | 'data' | 'raw' | 'notices'
      >[],
    ) {
      for (let start = 0; start < rows.length; start += 2000) {
        const batch = rows.slice(start, start + 2000).map((row) => ({
          row_number: row.rowNumber,
          full_name: row.fullName,
          snils: row.snils,
          data: row.data,
          raw: row.raw,
          notices: row.notices ?? [],
        }));
        await tx.execute(sql`
          insert into ${importChanges} (import_id, row_number, full_name, snils, data, raw, notices)
          select ${importId}, r.row_number, r.full_name, r.snils, r.data, r.raw, r.notices
          from json_to_recordset(${JSON.stringify(batch)}::json)
            as r(row_number integer, full_name text, snils text, data json, raw json, notices json)`);
      }
    },

    async updateRequisites(
      id: number,
      values: {
        number: string;
        date: string;
        organizationNumber?: string | null;
        organizationDate?: string | null;
      },
    ): Promise<boolean> {
      const updated = await db
        .update(imports)
        .set(values)
        .where(eq(imports.id, id))
        .returning({ id: imports.id });
      return updated.length > 0;
    },

    /** Rejects a whole import, only from pending or being processed; false when it was not in such a state. */
    async reject(
      tx: Db,
      id: number,
      values: { reason: string; rejectionFileId: number; rejectedById: number },
    ): Promise<boolean> {
      const updated = await tx
        .update(imports)
        .set({
          status: 3,
          rejectionReason: values.reason,
          rejectionFileId: values.rejectionFileId,
          rejectedById: values.rejectedById,
          rejectedAt: sql`now()`,
        })
        .where(and(eq(imports.id, id), inArray(imports.status, [0, 1])))
        .returning({ id: imports.id });
      return updated.length > 0;
    },

    /** Imports waiting for an operator (pending or being processed), for the menu badge. */
    async countWaiting(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(imports)
        .where(inArray(imports.status, [0, 1]));
      return row?.n ?? 0;
    },

    /** The public holidays operators keep in the 'holidays' dictionary (values yyyy-MM-dd). */
    async holidays(): Promise<Set<string>> {
      const rows = await db
        .select({ value: dictionaryEntries.value })
        .from(dictionaryEntries)
        .where(eq(dictionaryEntries.code, 'holidays'));
      return new Set(rows.map((row) => row.value));
    },
  };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
export type ImportRow = NonNullable<Awaited<ReturnType<ImportsRepository['find']>>>;
