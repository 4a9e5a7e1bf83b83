import { and, desc, eq, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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

/** What finds basis documents: words of their number or SRO's name, and their date's range. */
export interface DocumentsFilter {
  term?: string | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
}

/** What makes change protocols one basis document: the same requisites, SRO and import. */
const documentKey = [
  changeProtocols.number,
  changeProtocols.date,
  changeProtocols.outgoingNumber,
  changeProtocols.outgoingDate,
  changeProtocols.importId,
  changeProtocols.organizationId,
  organizations.name,
];

const versionOperator = alias(accounts, 'version_operator');

/** The changes one document shows at most: an import of 10,000 rows writes a few versions a row. */
const MAX_CHANGES = 50_000;

function documentsMatching(filter: DocumentsFilter): SQL | undefined {
  const byNumber = matchesTerm(changeProtocols.searchKey, filter.term);
  const byOrganization = matchesTerm(organizations.searchKey, filter.term);
  return and(
    byNumber && byOrganization ? or(byNumber, byOrganization) : undefined,
    filter.from ? gte(changeProtocols.date, filter.from) : undefined,
    filter.to ? lte(changeProtocols.date, filter.to) : undefined,
  );
}

/** Basis documents: change protocols grouped by their requisites, SRO and import. */
export function createDocumentsRepository(db: Db) {
  const grouped = (where: SQL | undefined) =>
    db
      .select({
        id: sql<number>`min(${changeProtocols.id})`.mapWith(Number),
        number: changeProtocols.number,
        date: changeProtocols.date,
        outgoingNumber: changeProtocols.outgoingNumber,
        outgoingDate: changeProtocols.outgoingDate,
        importId: changeProtocols.importId,
        organizationId: changeProtocols.organizationId,
        organizationName: organizations.name,
        internCount: sql<number>`count(distinct ${changeProtocols.internId})`.mapWith(Number),
        interns: sql<{ Id: number; FullName: string }[]>`to_json((array_agg(distinct jsonb_build_object(
          'Id', ${interns.id}, 'FullName', ${interns.fullName})))[1:5])`,
        lastChangedAt: sql<string>`max(${changeProtocols.createdAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      })
      .from(changeProtocols)
      .innerJoin(interns, eq(interns.id, changeProtocols.internId))
      .leftJoin(organizations, eq(organizations.id, changeProtocols.organizationId))
      .where(where)
      .groupBy(...documentKey);

  return {
    /** A page of documents, the latest dated first. */
    page: (filter: DocumentsFilter, limit: number, offset: number) =>
      grouped(documentsMatching(filter))
        .orderBy(desc(changeProtocols.date), desc(sql`min(${changeProtocols.id})`))
        .limit(limit)
        .offset(offset),

    async count(filter: DocumentsFilter): Promise<number> {
      const documents = grouped(documentsMatching(filter)).as('documents');
      const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(documents);
      return row?.n ?? 0;
    },

    changesUnder: (protocolIds: number[]) => changesUnder(db, protocolIds),

    /** The document a protocol belongs to, and the ids of all its protocols. */
    async documentOf(protocolId: number) {
      const [protocol] = await db.select().from(changeProtocols).where(eq(changeProtocols.id, protocolId));
      if (!protocol) return null;
      // `is not distinct from`: an absent outgoing number, import or SRO is the same as another absent one.
      const same = (column: AnyColumn, value: unknown) => sql`${column} is not distinct from ${value}`;
      const where = and(
        eq(changeProtocols.number, protocol.number),
        eq(changeProtocols.date, protocol.date),
        same(changeProtocols.outgoingNumber, protocol.outgoingNumber),
        same(changeProtocols.outgoingDate, protocol.outgoingDate),
        same(changeProtocols.importId, protocol.importId),
        same(changeProtocols.organizationId, protocol.organizationId),
      );
      const [document] = await grouped(where);
      const ids = await db.select({ id: changeProtocols.id }).from(changeProtocols).where(where);
      return document ? { document, protocolIds: ids.map((row) => row.id) } : null;
    },
  };
}

/** Every version written under the given protocols, oldest first, with its trainee and entry. */
function changesUnder(db: Db, protocolIds: number[]) {
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
    .where(inArray(internEntryVersions.protocolId, protocolIds))
    .orderBy(internEntryVersions.id)
    .limit(MAX_CHANGES);
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
