import {
  ChangeStatus,
  ImportStatus,
  openImportStatuses,
  type ChangeMatch,
  type ChangeState,
} from '@registry/shared';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  accounts,
  counterKeys,
  dictionaryEntries,
  importChanges,
  imports,
  internEntries,
  interns,
  internshipNumbers,
  organizations,
  registryCounters,
} from '../../db/schema/index.js';
import type { WorkCalendar } from './deadline.js';
import { hasLiveClaim, liveClaimant, nextPendingRow } from './pending-rows.js';
import { isStored } from './store/imports-store.repository.js';

/**
 * Each waiting row's match as the review finds it (intern-matching.service.ts), joined laterally to the rows
 * it is asked of, and for waiting rows only: the trainee (not deleted) with the row's SNILS, through the SNILS index; else the
 * first with its folded full name, through the alphabetical index, and its birth date when the row has one.
 * `has_conflict`: another trainee holds the row's internship number in the import's SRO (the SRO's numbers'
 * key). The row's keys were worked out as it was stored (`matchSnils` and the rest), so its JSON is never read.
 */
function pendingMatch(organizationId: number): SQL {
  const row = importChanges;
  return sql`(
    select case when by_snils.id is not null then 'snils' when by_name.id is not null then 'fullName'
        else 'none' end as match,
      exists (select 1 from ${internshipNumbers} where ${internshipNumbers.organizationId} = ${organizationId}
        and ${internshipNumbers.numberKey} = ${row.matchNumberKey} and ${row.matchNumberKey} <> ''
        and ${internshipNumbers.internId} is distinct from coalesce(by_snils.id, by_name.id)) as has_conflict
    -- One row for the lookups to join to.
    from (select) waiting_row
    left join lateral (select ${interns.id} from ${interns} where not ${interns.isDeleted}
        and ${interns.snils} collate "C" = ${row.matchSnils} limit 1) by_snils on true
    left join lateral (select ${interns.id} from ${interns} where not ${interns.isDeleted}
        and ${interns.searchKey} collate "C" = ${row.matchNameKey} collate "C"
        and (${row.matchBirthDate} is null or exists (select 1 from ${internEntries}
          where ${internEntries.internId} = ${interns.id} and ${internEntries.section} = 'PersonalInfo'
          and not ${internEntries.isRemoved} and ${internEntries.data} ->> 'DateOfBirth' = ${row.matchBirthDate}))
        order by ${interns.searchKey} collate "C", ${interns.id} limit 1) by_name on by_snils.id is null
    where ${row.status} = ${sql.raw(String(ChangeStatus.Pending))}
  ) pending_match`;
}

/** Which imports a tab of the list shows, by status. */
export const tabStatuses = {
  all: null,
  pending: openImportStatuses,
  completed: [ImportStatus.Processed],
  rejected: [ImportStatus.Rejected],
} as const;
export type ImportTabKey = keyof typeof tabStatuses;

const importerOrganization = alias(organizations, 'importer_organization');

/** An import's requisites and row counts, as every reading of an import names them. */
export const importRequisitesAndCounts = {
  number: imports.number,
  date: imports.date,
  organizationNumber: imports.organizationNumber,
  organizationDate: imports.organizationDate,
  rowCount: imports.rowCount,
  pendingCount: imports.pendingCount,
  rejectedCount: imports.rejectedCount,
  unchangedCount: imports.unchangedCount,
};

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
  ...importRequisitesAndCounts,
  notices: imports.notices,
  rejectionReason: imports.rejectionReason,
  rejectionFileId: imports.rejectionFileId,
};

function visibleTo(organizationId: number | null, tab: ImportTabKey): SQL | undefined {
  const statuses = tabStatuses[tab];
  return and(
    organizationId === null ? undefined : eq(imports.organizationId, organizationId),
    statuses === null ? isStored : inArray(imports.status, [...statuses]),
  );
}

/** Imports as the list and the detail show them, with their SRO and uploader. */
function importReads(db: Db) {
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
      const [row] = await selectImports().where(and(eq(imports.id, id), isStored));
      return row ?? null;
    },

    /**
     * The SRO's latest import of the change file with this SHA-256, stored and not rejected as a whole (a
     * rejected import's file may come again, with other documents): through (organization, hash).
     */
    async latestWithFileHash(organizationId: number, fileHash: string, tx: Db = db) {
      const [row] = await tx
        .select({ id: imports.id, importedAt: imports.importedAt })
        .from(imports)
        .where(
          and(
            eq(imports.organizationId, organizationId),
            eq(imports.fileHash, fileHash),
            isStored,
            ne(imports.status, ImportStatus.Rejected),
          ),
        )
        .orderBy(desc(imports.importedAt), desc(imports.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Imports waiting for an operator (pending or being processed), for the menu badge: one row of the
     * counters the database keeps, never a count.
     */
    async countWaiting(): Promise<number> {
      const [row] = await db
        .select({ n: registryCounters.value })
        .from(registryCounters)
        .where(eq(registryCounters.key, counterKeys.waitingImports));
      return row?.n ?? 0;
    },

    /** The working-day calendar the operators keep in the dictionaries of days (values yyyy-MM-dd). */
    async workCalendar(): Promise<WorkCalendar> {
      const rows = await db
        .select({ code: dictionaryEntries.code, value: dictionaryEntries.value })
        .from(dictionaryEntries)
        .where(inArray(dictionaryEntries.code, ['holidays', 'working-days']));
      const daysOf = (code: string) =>
        new Set(rows.filter((row) => row.code === code).map((row) => row.value));
      return { holidays: daysOf('holidays'), workingWeekends: daysOf('working-days') };
    },
  };
}

/** The rows of each `?state=` of an import's page (ImportChangesQuerySchema). */
const changeStates: Record<ChangeState, SQL> = {
  pending: sql`${importChanges.status} = ${sql.raw(String(ChangeStatus.Pending))}`,
  claimed: sql`${importChanges.status} = ${sql.raw(String(ChangeStatus.Pending))} and ${hasLiveClaim}`,
  conflicting: sql`${importChanges.status} = ${sql.raw(String(ChangeStatus.Pending))} and ${importChanges.isEditedOnBothSides}`,
  finished: sql`${importChanges.status} = ${sql.raw(String(ChangeStatus.Finished))}`,
  rejected: sql`${importChanges.status} = ${sql.raw(String(ChangeStatus.Rejected))}`,
  unchanged: sql`${importChanges.status} = ${sql.raw(String(ChangeStatus.Unchanged))}`,
};

/** The rows of each `?match=`, by the lateral `pendingMatch`: it finds waiting rows only. */
const changeMatches: Record<ChangeMatch, SQL> = {
  snils: sql`pending_match.match = 'snils'`,
  fullName: sql`pending_match.match = 'fullName'`,
  none: sql`pending_match.match = 'none'`,
  conflict: sql`pending_match.has_conflict`,
};

/** Which of an import's rows its page shows. */
export interface ChangeFilter {
  state?: ChangeState;
  match?: ChangeMatch;
}

/** The page's order: waiting, accepted, rejected, unchanged (ChangeStatus 0 to 3), each in file order. */
const changeOrder = [importChanges.status, importChanges.rowNumber, importChanges.id];

/** The import's rows the filter shows, looking up their match only when the filter asks for one. */
function whereFiltered<Query extends PgSelect>(
  query: Query,
  importId: number,
  organizationId: number,
  { state, match }: ChangeFilter,
) {
  const where = and(
    eq(importChanges.importId, importId),
    state && changeStates[state],
    match && changeMatches[match],
  );
  return (match ? query.leftJoinLateral(pendingMatch(organizationId), sql`true`) : query).where(where);
}

/** The import's page of rows: how many each filter shows, and a page of them. */
function changePages(db: Db) {
  return {
    /**
     * How many rows each state and each match of the page's filters shows, and the first waiting row, in one
     * grouped query: the matches are counted, never listed.
     */
    async changeCounts(importId: number, organizationId: number) {
      const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
      const [counts] = await db
        .select({
          pending: counted(changeStates.pending),
          claimed: counted(changeStates.claimed),
          conflicting: counted(changeStates.conflicting),
          finished: counted(changeStates.finished),
          rejected: counted(changeStates.rejected),
          unchanged: counted(changeStates.unchanged),
          snils: counted(changeMatches.snils),
          fullName: counted(changeMatches.fullName),
          none: counted(changeMatches.none),
          conflict: counted(changeMatches.conflict),
          firstPendingId: sql<number | null>`(select first.id from ${importChanges} first
            where first.import_id = ${importId} and first.status = ${sql.raw(String(ChangeStatus.Pending))}
            order by first.row_number, first.id limit 1)`,
        })
        .from(importChanges)
        .leftJoinLateral(pendingMatch(organizationId), sql`true`)
        .where(eq(importChanges.importId, importId));
      return counts!;
    },

    /** How many rows the filter shows. */
    async countChanges(importId: number, organizationId: number, filter: ChangeFilter): Promise<number> {
      const query = db.select({ n: count() }).from(importChanges).$dynamic();
      const [row] = await whereFiltered(query, importId, organizationId, filter);
      return row?.n ?? 0;
    },

    /**
     * A page of the rows the filter shows, waiting first, then accepted, rejected, unchanged, each in file order
     * (through the rows' (import, status, row number) index). The match of a row is looked up for the
     * page's rows only, unless the filter asks for one, which has to know it of every waiting row.
     */
    async changePage(
      importId: number,
      organizationId: number,
      filter: ChangeFilter,
      limit: number,
      offset: number,
    ) {
      const ids = db.select({ id: importChanges.id }).from(importChanges).$dynamic();
      const pageIds = whereFiltered(ids, importId, organizationId, filter)
        .orderBy(...changeOrder)
        .limit(limit)
        .offset(offset);
      return db
        .select({
          id: importChanges.id,
          rowNumber: importChanges.rowNumber,
          fullName: importChanges.fullName,
          snils: importChanges.snils,
          status: importChanges.status,
          claimedBy: sql<string | null>`${liveClaimant}`,
          match: sql<'snils' | 'fullName' | 'none' | null>`pending_match.match`,
          hasConflict: sql<boolean | null>`pending_match.has_conflict`,
          internId: importChanges.internId,
          internFullName: interns.fullName,
          processedBy: accounts.fullName,
          processedAt: importChanges.processedAt,
          rejectionReason: importChanges.rejectionReason,
        })
        .from(importChanges)
        .leftJoin(interns, eq(interns.id, importChanges.internId))
        .leftJoin(accounts, eq(accounts.id, importChanges.processedById))
        .leftJoinLateral(pendingMatch(organizationId), sql`true`)
        .where(inArray(importChanges.id, pageIds))
        .orderBy(...changeOrder);
    },
  };
}

/** An import's rows: the next to review, the rows of a rejection file. */
function changeReads(db: Db) {
  return {
    /** The row to open after the given one (pending-rows.ts): waiting, not it, not another operator's. */
    nextPending: (importId: number, afterChangeId: number | null, operatorId: number) =>
      nextPendingRow(db, importId, afterChangeId, operatorId),

    /**
     * Every row of an import in file order, for the detail's lists (docs/api.md#the-contracts-shapes), from
     * plain columns (never a row's JSON), as one JSON array the database builds: a value per row costs PGlite
     * twice as much.
     */
    async rowLists(importId: number): Promise<ListedRow[]> {
      const row = importChanges;
      const [lists] = await db
        .select({
          rows: sql<ListedRow[]>`coalesce(json_agg(json_build_array(${row.id}, ${row.fullName}, ${row.snils},
            ${row.status}, ${row.rejectionReason}) order by ${row.rowNumber}, ${row.id}), '[]')`,
        })
        .from(row)
        .where(eq(row.importId, importId));
      return lists!.rows;
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
  };
}

/** Editing an import's requisites, rejecting it whole. */
function importWrites(db: Db) {
  return {
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
        .where(and(eq(imports.id, id), isStored))
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
          status: ImportStatus.Rejected,
          rejectionReason: values.reason,
          rejectionFileId: values.rejectionFileId,
          rejectedById: values.rejectedById,
          rejectedAt: sql`now()`,
        })
        .where(and(eq(imports.id, id), inArray(imports.status, openImportStatuses)))
        .returning({ id: imports.id });
      return updated.length > 0;
    },
  };
}

export function createImportsRepository(db: Db) {
  return { ...importReads(db), ...changePages(db), ...changeReads(db), ...importWrites(db) };
}

export type ImportsRepository = ReturnType<typeof createImportsRepository>;
export type ImportRow = NonNullable<Awaited<ReturnType<ImportsRepository['find']>>>;
export type ChangeRow = Awaited<ReturnType<ImportsRepository['changePage']>>[number];
export type ChangeCounts = Awaited<ReturnType<ImportsRepository['changeCounts']>>;
/** A row as the detail lists it: its Id, full name, SNILS, status and own rejection reason. */
export type ListedRow = [number, string, string | null, number, string | null];
