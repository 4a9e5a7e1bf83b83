import {
  and,
  asc,
  count,
  eq,
  fillPlaceholders,
  getTableColumns,
  gt,
  inArray,
  like,
  not,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  ChangeStatus,
  formatSnils,
  InternshipStatus,
  openImportStatuses,
  searchWords,
  type RegistrationNumber,
} from '@registry/shared';
import type { Db } from '../../db/client.js';
import {
  accounts,
  changeProtocols,
  dictionaryEntries,
  importChanges,
  imports,
  internEntries,
  internEntryVersions,
  interns,
  internshipFacts,
  organizations,
  schools,
} from '../../db/schema/index.js';
import { alphabetical } from '../../lib/search.js';
import { protocolColumns } from './change-protocols.js';

export type EntryRow = { id: number; section: string; position: number; data: Record<string, unknown> };
export type HistoryKindValue = 'initial' | 'change' | 'correction' | 'removal';

/** What narrows the trainee list; the service turns the query string into this. */
export interface InternFilter {
  /** Exact SNILS digits, or a prefix of them (operators only). */
  snils?: { digits: string; exact: boolean };
  term?: string;
  status?: number;
  organizationId?: number;
  transfersOnly?: boolean;
}

/**
 * The words of a term that decide a match. A word inside another word of the term («ив» in «иванов») is
 * implied by it: dropping it changes no result, but spares the planner a guess that multiplies the two
 * words' shares as if they were independent and so expects far fewer rows than there are.
 */
export function essentialWords(term: string | undefined): string[] {
  const words = [...new Set(searchWords(term))];
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
}

/** Characters LIKE would read as wildcards, escaped. */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, '\\$&');
const alphabeticalKey = sql`${interns.searchKey} collate "C"`;

/**
 * What decides the text of a filter's queries, as opposed to the values bound into them: filters of one shape
 * run the same SQL, which the list builds once (see `createInternRepository`). The conditions below hold
 * placeholders; a query made of them runs as `.prepare('').execute(values)`, an unnamed statement.
 */
interface FilterShape {
  snils: 'exact' | 'prefix' | null;
  /** How many words of the term are matched anywhere in the name, besides the leading one. */
  words: number;
  /**
   * Whether the term has a leading word, which splits the list's queries in two: its first essential word of
   * three letters or more (shorter ones give the trigram indexes nothing).
   */
  leading: boolean;
  status: boolean;
  organization: boolean;
  transfers: boolean;
}

/** A filter as a shape and the values of its placeholders. */
function bindFilter(filter: InternFilter): { shape: FilterShape; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  let words: string[] = [];
  let leading: string | null = null;
  if (filter.snils) {
    values.snils = filter.snils.exact ? filter.snils.digits : `${filter.snils.digits}%`;
  } else {
    const essential = essentialWords(filter.term);
    leading = essential.find((word) => word.length >= 3) ?? null;
    words = essential.filter((word) => word !== leading);
  }
  words.forEach((word, index) => (values[`word${index}`] = `%${likeLiteral(word)}%`));
  if (leading !== null) {
    values.leadingStart = `${likeLiteral(leading)}%`;
    values.leadingInside = `%${likeLiteral(leading)}%`;
  }
  if (filter.status !== undefined) values.status = filter.status;
  if (filter.organizationId !== undefined) values.organizationId = filter.organizationId;
  const shape: FilterShape = {
    snils: filter.snils ? (filter.snils.exact ? 'exact' : 'prefix') : null,
    words: words.length,
    leading: leading !== null,
    status: filter.status !== undefined,
    organization: filter.organizationId !== undefined,
    transfers: filter.transfersOnly === true,
  };
  return { shape, values };
}

/**
 * The leading word splits the list in two, the way the two parts are fastest to read in alphabetical order:
 * names that start with it, a range of the alphabetical index, and names that contain it further on, found
 * by the trigram index of the name without its first letter. A surname typed from its start («смирнова ел»)
 * lives almost entirely in the first part, so its page is a short range read instead of a walk from «А»
 * past every name before «С».
 */
const startsWithLeading = like(alphabeticalKey, sql.placeholder('leadingStart'));
const containsLeadingAfterStart = and(
  like(sql`substr(${interns.searchKey}, 2)`, sql.placeholder('leadingInside')),
  not(startsWithLeading),
)!;

/** The conditions of a filter's shape except the leading word, which splits the query. */
function filterParts(shape: FilterShape): SQL[] {
  const conditions: SQL[] = [eq(interns.isDeleted, false)];
  if (shape.snils) {
    // The index is on the C collation, so both the exact and the prefix match name it to be used.
    const snils = sql`${interns.snils} collate "C"`;
    conditions.push(
      shape.snils === 'exact'
        ? sql`${snils} = ${sql.placeholder('snils')}`
        : like(snils, sql.placeholder('snils')),
    );
  }
  for (let index = 0; index < shape.words; index++) {
    conditions.push(like(interns.searchKey, sql.placeholder(`word${index}`)));
  }
  if (shape.status) conditions.push(eq(interns.status, sql.placeholder('status')));
  if (shape.organization) {
    conditions.push(
      sql`exists (select 1 from ${internshipFacts} where ${internshipFacts.internId} = ${interns.id} and ${internshipFacts.organizationId} = ${sql.placeholder('organizationId')})`,
    );
  }
  if (shape.transfers) conditions.push(gt(interns.organizationCount, 1));
  return conditions;
}

/** All conditions of a filter's shape in one list, for reading the list in order from a given name on. */
function filterConditions(shape: FilterShape): SQL[] {
  const conditions = filterParts(shape);
  if (shape.leading) conditions.push(like(interns.searchKey, sql.placeholder('leadingInside')));
  return conditions;
}

const listOrder = [alphabetical(interns.searchKey), asc(interns.id)];

/**
 * The order a trainee's registration numbers are shown in: a completed internship's first, then an ongoing
 * one's, then the rest; the latest started first within each, then in the order they were entered.
 */
const registrationOrder = sql`case ${internshipFacts.status}
    when ${sql.raw(String(InternshipStatus.Completed))} then 0
    when ${sql.raw(String(InternshipStatus.Ongoing))} then 1
    else 2 end,
  ${internshipFacts.startedAt} desc nulls last, ${internshipFacts.entryId}`;

/**
 * One value made of a trainee's registration numbers (the internships that have one), for the query of the
 * rows that show them: a page or an export batch costs no round trip of its own for them.
 */
function ofRegistrations<T>(internId: AnyColumn, aggregate: SQL): SQL<T> {
  const facts = internshipFacts;
  const subquery = sql`select ${aggregate}
    from ${facts} join ${organizations} on ${organizations.id} = ${facts.organizationId}
    where ${facts.internId} = ${internId} and ${facts.registryNumber} is not null`;
  // Nested: Drizzle names the columns of a single-table select without their table, except inside nested
  // SQL, and here the subquery's columns and the outer row's id must not be taken for one another.
  return sql<T>`(${subquery})`;
}

/** The registration numbers in the contract's shape, as json. */
const registrationNumbers = (internId: AnyColumn) =>
  ofRegistrations<RegistrationNumber[]>(
    internId,
    sql`coalesce(json_agg(json_build_object(
      'Organization', json_build_object('Id', ${organizations.id}, 'Name', ${organizations.name}),
      'Number', ${internshipFacts.registryNumber},
      'Status', ${internshipFacts.status}
    ) order by ${registrationOrder}), '[]')`,
  );

/**
 * The registration numbers as the export's cell shows them, «СРО: номер; СРО: номер». Made as text here: on
 * PGlite the batch queries of an export of 100,000 rows take 2.0 s so, and 2.4 s building json.
 */
const registrationText = (internId: AnyColumn) =>
  ofRegistrations<string>(
    internId,
    sql`coalesce(string_agg(${organizations.name} || ': ' || ${internshipFacts.registryNumber}, '; '
      order by ${registrationOrder}), '')`,
  );

const pageColumns = {
  id: interns.id,
  fullName: interns.fullName,
  status: interns.status,
  isDeleted: interns.isDeleted,
  key: sql<string>`${alphabeticalKey}`.as('key'),
};

/**
 * The rows of a page in list order, with the key they are ordered by. Placeholders: those of the filter,
 * `limit`, `offset`, and `partLimit` (their sum) when the leading word splits the query.
 */
function pageRows(db: Db, shape: FilterShape) {
  const conditions = filterParts(shape);
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  if (!shape.leading) {
    return db
      .select(pageColumns)
      .from(interns)
      .where(and(...conditions))
      .orderBy(...listOrder)
      .limit(limit)
      .offset(offset);
  }
  // Each part reads at most the rows up to the end of the page, in order; the page is cut from both.
  const part = (condition: SQL) =>
    db
      .select(pageColumns)
      .from(interns)
      .where(and(...conditions, condition))
      .orderBy(...listOrder)
      .limit(sql.placeholder('partLimit'));
  const matching = unionAll(part(startsWithLeading), part(containsLeadingAfterStart)).as('matching');
  return db
    .select({
      id: matching.id,
      fullName: matching.fullName,
      status: matching.status,
      isDeleted: matching.isDeleted,
      key: matching.key,
    })
    .from(matching)
    .orderBy(matching.key, matching.id)
    .limit(limit)
    .offset(offset);
}

/**
 * A page of the list with each row's registration numbers. They are read around the cut page, not beside the
 * rows it is cut from, so that only the page's own rows (not those an offset skips) look them up.
 */
function pageQuery(db: Db, shape: FilterShape) {
  const page = pageRows(db, shape).as('page');
  return db
    .select({
      id: page.id,
      fullName: page.fullName,
      status: page.status,
      isDeleted: page.isDeleted,
      registrationNumbers: registrationNumbers(page.id),
    })
    .from(page)
    .orderBy(page.key, page.id);
}

/** How many trainees match, up to the placeholder `cap`. */
function countQuery(db: Db, shape: FilterShape) {
  const conditions = filterParts(shape);
  const cap = sql.placeholder('cap');
  const part = (condition?: SQL) =>
    db
      .select({ one: sql`1`.as('one') })
      .from(interns)
      .where(and(...conditions, condition))
      .limit(cap);
  const matching = (
    shape.leading ? unionAll(part(startsWithLeading), part(containsLeadingAfterStart)) : part()
  ).as('matching');
  return db.select({ n: sql<number>`least(count(*), ${cap})::int` }).from(matching);
}

/** The values of a page's placeholders besides the filter's. */
const pageValues = (limit: number, offset: number) => ({ limit, offset, partLimit: offset + limit });

/** The columns the export writes; the registration numbers only for the sheet that shows them. */
const exportColumns = (withNumbers: boolean) => ({
  id: interns.id,
  fullName: interns.fullName,
  status: interns.status,
  registrationText: withNumbers ? registrationText(interns.id) : sql<string>`''`,
});

/** The SQL and parameters the list runs for a filter, so that a benchmark can EXPLAIN exactly that. */
export function searchQueriesSql(
  db: Db,
  filter: InternFilter,
  page: { limit: number; offset: number; cap: number },
) {
  const { shape, values } = bindFilter(filter);
  const all = { ...values, ...pageValues(page.limit, page.offset), cap: page.cap };
  const withValues = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({
    sql: text,
    params: fillPlaceholders(params, all),
  });
  return {
    page: withValues(pageQuery(db, shape).toSQL()),
    count: withValues(countQuery(db, shape).toSQL()),
  };
}

/** How many shapes of search keep their built queries; the rarest (a term of many words) are built anew. */
const SHAPES_KEPT = 100;

export function createInternRepository(db: Db) {
  // The list's two queries per shape of filter, built once: Drizzle took longer to build them than PostgreSQL
  // to run them. Unnamed, so PostgreSQL still plans each run for its values, as a LIKE 'prefix%' needs.
  const searchQueries = new Map<string, ReturnType<typeof prepareSearch>>();
  function prepareSearch(shape: FilterShape) {
    return { page: pageQuery(db, shape).prepare(''), count: countQuery(db, shape).prepare('') };
  }
  function searchQueriesOf(shape: FilterShape) {
    const key = JSON.stringify(shape);
    let queries = searchQueries.get(key);
    if (!queries) {
      if (searchQueries.size >= SHAPES_KEPT) searchQueries.delete(searchQueries.keys().next().value!);
      searchQueries.set(key, (queries = prepareSearch(shape)));
    }
    return queries;
  }

  return {
    /** Locks the trainee row for the rest of the transaction. */
    async lock(tx: Db, id: number) {
      const [row] = await tx
        .select({ version: interns.version, isDeleted: interns.isDeleted })
        .from(interns)
        .where(eq(interns.id, id))
        .for('update');
      return row ?? null;
    },

    async insertIntern(tx: Db): Promise<number> {
      const [row] = await tx.insert(interns).values({}).returning({ id: interns.id });
      return row!.id;
    },

    async updateProjection(
      tx: Db,
      id: number,
      values: {
        fullName: string;
        snils: string | null;
        status: number;
        organizationCount: number;
        version: number;
      },
    ) {
      await tx
        .update(interns)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(interns.id, id));
    },

    /** A trainee's row with its registration numbers. */
    async find(id: number) {
      const [row] = await db
        .select({ ...getTableColumns(interns), registrationNumbers: registrationNumbers(interns.id) })
        .from(interns)
        .where(eq(interns.id, id));
      return row ?? null;
    },

    async setDeleted(id: number, isDeleted: boolean): Promise<boolean> {
      const rows = await db
        .update(interns)
        .set({ isDeleted, updatedAt: sql`now()`, version: sql`${interns.version} + 1` })
        .where(eq(interns.id, id))
        .returning({ id: interns.id });
      return rows.length > 0;
    },

    /** The current entries of a trainee, optionally of some sections only, in section order. */
    async currentEntries(tx: Db, internId: number, sections?: string[]): Promise<EntryRow[]> {
      const conditions = [eq(internEntries.internId, internId), eq(internEntries.isRemoved, false)];
      if (sections) conditions.push(inArray(internEntries.section, sections));
      return tx
        .select({
          id: internEntries.id,
          section: internEntries.section,
          position: internEntries.position,
          data: internEntries.data,
        })
        .from(internEntries)
        .where(and(...conditions))
        .orderBy(asc(internEntries.section), asc(internEntries.position), asc(internEntries.id));
    },

    async insertEntry(
      tx: Db,
      values: { internId: number; section: string; position: number; data: Record<string, unknown> },
    ) {
      const [row] = await tx.insert(internEntries).values(values).returning({ id: internEntries.id });
      return row!.id;
    },

    async updateEntry(tx: Db, id: number, values: { position: number; data?: Record<string, unknown> }) {
      await tx
        .update(internEntries)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(internEntries.id, id));
    },

    async removeEntry(tx: Db, id: number) {
      await tx
        .update(internEntries)
        .set({ isRemoved: true, updatedAt: sql`now()` })
        .where(eq(internEntries.id, id));
    },

    async insertVersion(
      tx: Db,
      values: {
        entryId: number;
        kind: HistoryKindValue;
        data: Record<string, unknown>;
        previousData: Record<string, unknown> | null;
        protocolId: number;
        operatorId: number | null;
      },
    ) {
      await tx.insert(internEntryVersions).values(values);
    },

    /** A correction rewrites the state the entry's latest version recorded, as if it had been right. */
    async amendLatestVersion(tx: Db, entryId: number, data: Record<string, unknown>) {
      await tx.execute(sql`
        update ${internEntryVersions} set data = ${JSON.stringify(data)}::jsonb
        where id = (select max(id) from ${internEntryVersions} where entry_id = ${entryId} and kind <> 'correction')`);
    },

    async insertProtocol(tx: Db, values: typeof changeProtocols.$inferInsert): Promise<number> {
      const [row] = await tx.insert(changeProtocols).values(values).returning({ id: changeProtocols.id });
      return row!.id;
    },

    async setProtocolSections(tx: Db, protocolId: number, sections: string[]) {
      await tx
        .update(changeProtocols)
        .set({ modifiedSections: sections })
        .where(eq(changeProtocols.id, protocolId));
    },

    async replaceFacts(tx: Db, internId: number, facts: (typeof internshipFacts.$inferInsert)[]) {
      await tx.delete(internshipFacts).where(eq(internshipFacts.internId, internId));
      if (facts.length > 0) await tx.insert(internshipFacts).values(facts);
    },

    /** The ids among `ids` that exist: organizations, schools, or entries of one dictionary. */
    async existingIds(tx: Db, kind: 'organizations' | 'schools' | { dictionary: string }, ids: number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows =
        kind === 'organizations'
          ? await tx
              .select({ id: organizations.id, name: organizations.name })
              .from(organizations)
              .where(inArray(organizations.id, ids))
          : kind === 'schools'
            ? await tx
                .select({ id: schools.id, name: schools.name })
                .from(schools)
                .where(inArray(schools.id, ids))
            : await tx
                .select({ id: dictionaryEntries.id, name: dictionaryEntries.value })
                .from(dictionaryEntries)
                .where(and(eq(dictionaryEntries.code, kind.dictionary), inArray(dictionaryEntries.id, ids)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async protocolsOf(internId: number) {
      return db
        .select(protocolColumns)
        .from(changeProtocols)
        .leftJoin(organizations, eq(organizations.id, changeProtocols.organizationId))
        .leftJoin(accounts, eq(accounts.id, changeProtocols.operatorId))
        .where(eq(changeProtocols.internId, internId))
        .orderBy(asc(changeProtocols.createdAt), asc(changeProtocols.id));
    },

    /** One page of the list, with each row's registration numbers. */
    async searchPage(filter: InternFilter, limit: number, offset: number) {
      const { shape, values } = bindFilter(filter);
      return searchQueriesOf(shape).page.execute({ ...values, ...pageValues(limit, offset) });
    },

    /** How many trainees match, counting no further than `cap`: an exact count of a million rows is never paid. */
    async countUpTo(filter: InternFilter, cap: number): Promise<number> {
      const { shape, values } = bindFilter(filter);
      const [row] = await searchQueriesOf(shape).count.execute({ ...values, cap });
      return row?.n ?? 0;
    },

    /**
     * Trainees matching the filter in list order after the given key: the export reads the list in batches
     * this way when an index yields the filtered list in order (all but an SRO's list, see `idsInOrder`).
     */
    async batchAfter(
      filter: InternFilter,
      after: { searchKey: string; id: number } | null,
      size: number,
      withNumbers: boolean,
    ) {
      const { shape, values } = bindFilter(filter);
      const conditions = filterConditions(shape);
      if (after) {
        conditions.push(
          sql`(${interns.searchKey} collate "C", ${interns.id}) > (${after.searchKey} collate "C", ${after.id})`,
        );
      }
      return db
        .select({ ...exportColumns(withNumbers), searchKey: interns.searchKey })
        .from(interns)
        .where(and(...conditions))
        .orderBy(...listOrder)
        .limit(size)
        .prepare('')
        .execute(values);
    },

    /**
     * The ids of the trainees matching the filter, in list order, for the export of an SRO's list: no index
     * holds an SRO's trainees in alphabetical order, and walking the alphabetical one checks about ten
     * trainees for every one kept. Matched as a set against the SRO's internships instead, they are sorted
     * once; an id takes a few bytes, so even a list of a million stays small.
     */
    async idsInOrder(filter: InternFilter): Promise<number[]> {
      const { shape, values } = bindFilter(filter);
      const [row] = await db
        .select({
          ids: sql<
            number[]
          >`coalesce(array_agg(${interns.id} order by ${alphabeticalKey}, ${interns.id}), '{}')`,
        })
        .from(interns)
        .where(and(...filterConditions(shape)))
        .prepare('')
        .execute(values);
      return row?.ids ?? [];
    },

    /** The trainees of the given ids in the order of the ids, less any deleted since the ids were read. */
    async batchOf(internIds: number[], withNumbers: boolean) {
      const rows = await db
        .select(exportColumns(withNumbers))
        .from(interns)
        .where(and(sql`${interns.id} = any(${sql.param(internIds)}::int[])`, eq(interns.isDeleted, false)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return internIds.flatMap((id) => byId.get(id) ?? []);
    },

    async entriesOf(internIds: number[], section: string) {
      if (internIds.length === 0) return [];
      return db
        .select({
          internId: internEntries.internId,
          id: internEntries.id,
          position: internEntries.position,
          data: internEntries.data,
        })
        .from(internEntries)
        .where(
          and(
            inArray(internEntries.internId, internIds),
            eq(internEntries.section, section),
            eq(internEntries.isRemoved, false),
          ),
        )
        .orderBy(asc(internEntries.internId), asc(internEntries.position));
    },

    /** The rows of imports still waiting for an operator that name this SNILS, in upload order. */
    async pendingImportRows(snils: string | null) {
      if (!snils) return [];
      return db
        .select({
          ImportId: importChanges.importId,
          ChangeId: importChanges.id,
          RowNumber: importChanges.rowNumber,
        })
        .from(importChanges)
        .innerJoin(imports, eq(imports.id, importChanges.importId))
        .where(
          and(
            eq(importChanges.status, ChangeStatus.Pending),
            eq(importChanges.snils, formatSnils(snils)),
            inArray(imports.status, openImportStatuses),
          ),
        )
        .orderBy(asc(importChanges.importId), asc(importChanges.rowNumber))
        .limit(20);
    },

    async countActive(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(interns).where(eq(interns.isDeleted, false));
      return row?.n ?? 0;
    },
  };
}

export type InternRepository = ReturnType<typeof createInternRepository>;
