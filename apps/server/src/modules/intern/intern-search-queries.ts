import { and, asc, eq, fillPlaceholders, gt, like, not, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { searchWords } from '@registry/shared';
import type { Db } from '../../db/client.js';
import { interns, internshipFacts } from '../../db/schema/index.js';
import { alphabetical } from '../../lib/search.js';
import { registrationNumbers, registrationText } from './registration-numbers.js';

/*
 * The trainee list's SQL, built from the shape of a filter: the page, the capped count and the export's
 * batches. Filters of one shape run the same text with other values (intern-search.repository.ts keeps the
 * built queries).
 */

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
export const alphabeticalKey = sql`${interns.searchKey} collate "C"`;

/**
 * What decides the text of a filter's queries, as opposed to the values bound into them: filters of one shape
 * run the same SQL, which the list builds once (see `createInternSearchRepository`). The conditions below hold
 * placeholders; a query made of them runs as `.prepare('').execute(values)`, an unnamed statement.
 */
export interface FilterShape {
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
export function bindFilter(filter: InternFilter): { shape: FilterShape; values: Record<string, unknown> } {
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
export function filterConditions(shape: FilterShape): SQL[] {
  const conditions = filterParts(shape);
  if (shape.leading) conditions.push(like(interns.searchKey, sql.placeholder('leadingInside')));
  return conditions;
}

export const listOrder = [alphabetical(interns.searchKey), asc(interns.id)];

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
export function pageQuery(db: Db, shape: FilterShape) {
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
export function countQuery(db: Db, shape: FilterShape) {
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
export const pageValues = (limit: number, offset: number) => ({ limit, offset, partLimit: offset + limit });

/** The columns the export writes; the registration numbers only for the sheet that shows them. */
export const exportColumns = (withNumbers: boolean) => ({
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
