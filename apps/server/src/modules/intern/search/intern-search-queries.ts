import { and, asc, eq, fillPlaceholders, gt, like, not, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { searchWords } from '@registry/shared';
import type { Db } from '../../../db/client.js';
import { internEntries, interns, internshipFacts } from '../../../db/schema/index.js';
import { alphabetical } from '../../../lib/search.js';
import { registrationNumbers, registrationText } from '../card/registration-numbers.js';

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
  /** Only the deleted trainees instead of the register (operators only). */
  deleted?: boolean;
  /** Each row's SNILS and birth date on the page (operators only). */
  details?: boolean;
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
  /**
   * Whether the term has only words of one or two letters, found by the letters-and-pairs index: the first of
   * them narrows the search through it, the rest are checked on the rows it finds.
   */
  grams: boolean;
  status: boolean;
  organization: boolean;
  transfers: boolean;
  /**
   * Whether the list is of the deleted trainees. They are few, so their shape is read in the `ordered` mode
   * only: a term's window and index walks are tuned for the register, not for a handful of rows.
   */
  deleted: boolean;
  /** Whether the page reads each row's SNILS and birth date (operators): the public page never does. */
  details: boolean;
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
  if (leading === null && words.length > 0) values.gram = [words[0]];
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
    grams: leading === null && words.length > 0,
    status: filter.status !== undefined,
    organization: filter.organizationId !== undefined,
    transfers: filter.transfersOnly === true,
    deleted: filter.deleted === true,
    details: filter.details === true,
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
  // The same text for both: the register's partial indexes are chosen for the bound `false`.
  const conditions: SQL[] = [eq(interns.isDeleted, shape.deleted)];
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
  if (shape.grams) {
    conditions.push(sql`registry_grams(${interns.searchKey}) @> ${sql.placeholder('gram')}::text[]`);
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

/**
 * What a part of a page reads of each name: its id and its key, both in the alphabetical index, so that a
 * walk of the index reads no table row. The page's own rows are read once it is cut (`pageQuery`).
 */
const pageColumns = {
  id: interns.id,
  key: sql<string>`${alphabeticalKey}`.as('key'),
};
/**
 * How the part of the list searched for a term is read. `ordered`: in list order, as the planner finds best
 * (a list without a term, a SNILS). `window`: only among the first `window` names in list order, an index
 * walk of bounded length, which serves a term found all over the alphabet. `bitmap`: every match through the
 * term's index, then sorted, which serves a term found in few names or only far down the alphabet («мирнова»
 * lives in «смирнова»), where a walk from «А» would read most of the list first.
 */
export type ScanMode = 'ordered' | 'window' | 'bitmap';

/** The key of the last name of the window: the first `window` names, by list order. */
const windowEnd = sql`coalesce((select ${alphabeticalKey} from ${interns} where ${interns.isDeleted} = false
  order by ${alphabeticalKey}, ${interns.id} offset ${sql.placeholder('windowEnd')} limit 1), chr(1114111))`;

/** The rows matching `conditions`, read as `mode` says, in list order, at most `partLimit` of them. */
function searched(db: Db, mode: ScanMode, conditions: SQL[]) {
  const limit = sql.placeholder('partLimit');
  if (mode === 'bitmap') {
    // A limit (of every row) keeps the order out of the inner query, so that it is read through the term's
    // index, whatever a walk of the alphabet would seem to cost.
    const matches = db
      .select(pageColumns)
      .from(interns)
      .where(and(...conditions))
      .limit(sql.placeholder('fence'))
      .as('matches');
    return db.select().from(matches).orderBy(matches.key, matches.id).limit(limit);
  }
  const inWindow = mode === 'window' ? [sql`${alphabeticalKey} <= ${windowEnd}`] : [];
  return db
    .select(pageColumns)
    .from(interns)
    .where(and(...conditions, ...inWindow))
    .orderBy(...listOrder)
    .limit(limit);
}

/**
 * The rows of a page in list order, with the key they are ordered by. Placeholders: those of the filter,
 * `limit`, `offset`, `partLimit` (their sum) when the leading word splits the query, and `windowEnd` in the
 * window mode.
 */
function pageRows(db: Db, shape: FilterShape, mode: ScanMode) {
  const conditions = filterParts(shape);
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  if (!shape.leading) {
    const rows = searched(db, mode, conditions).as('rows');
    return db.select().from(rows).orderBy(rows.key, rows.id).limit(limit).offset(offset);
  }
  // Names that start with the leading word are a range of the alphabetical index, read in order; those that
  // contain it further on are searched. Each part reads at most the rows up to the end of the page.
  const starting = db
    .select(pageColumns)
    .from(interns)
    .where(and(...conditions, startsWithLeading))
    .orderBy(...listOrder)
    .limit(sql.placeholder('partLimit'));
  const containing = searched(db, mode, [...conditions, containsLeadingAfterStart]);
  const matching = unionAll(starting, containing).as('matching');
  return db.select().from(matching).orderBy(matching.key, matching.id).limit(limit).offset(offset);
}

/**
 * The birth date of a trainee's first personal-data entry: one walk of the entries' index per row of the page,
 * which is read after the page is cut, so never for the rows an offset skips.
 */
const dateOfBirth = (internId: AnyColumn) => {
  const entries = internEntries;
  const subquery = sql`select ${entries.data} ->> 'DateOfBirth' from ${entries}
    where ${entries.internId} = ${internId} and ${entries.section} = 'PersonalInfo' and not ${entries.isRemoved}
    order by ${entries.position} limit 1`;
  // Nested, as `registrationNumbers`: so that the columns keep their table's name beside the outer row's.
  return sql<string | null>`(${subquery})`;
};

/**
 * A page of the list with each row's registration numbers and its key. The rows and their numbers are read
 * around the cut page, not beside the keys it is cut from, so that only the page's own rows (not those an
 * offset skips) are read from the table. In the window mode each row also carries the window's last key.
 */
export function pageQuery(db: Db, shape: FilterShape, mode: ScanMode) {
  const page = pageRows(db, shape, mode).as('page');
  return db
    .select({
      id: interns.id,
      fullName: interns.fullName,
      status: interns.status,
      isDeleted: interns.isDeleted,
      key: page.key,
      windowEnd: (mode === 'window' ? sql<string>`${windowEnd}` : sql<string | null>`null`).as('window_end'),
      registrationNumbers: registrationNumbers(interns.id),
      snils: shape.details ? interns.snils : sql<string | null>`null`,
      dateOfBirth: (shape.details ? dateOfBirth(interns.id) : sql<string | null>`null`).as('date_of_birth'),
    })
    .from(page)
    .innerJoin(interns, eq(interns.id, page.id))
    .orderBy(page.key, page.id);
}

/**
 * How many trainees match, up to the placeholder `cap`. With a leading word, the names that start with it are
 * counted first, from a range of the alphabetical index; those that contain it further on, which the trigram
 * index must find all of before any is counted, only when the first are fewer than `cap` («иванов» starts
 * more than a page count's worth of names, and its count then reads no more than that range).
 */
export function countQuery(db: Db, shape: FilterShape) {
  const conditions = filterParts(shape);
  const cap = sql.placeholder('cap');
  const part = (condition?: SQL) =>
    db
      .select({ one: sql`1`.as('one') })
      .from(interns)
      .where(and(...conditions, condition))
      .limit(cap);
  if (!shape.leading) {
    const matching = part().as('matching');
    return db.select({ n: sql<number>`least(count(*), ${cap})::int` }).from(matching);
  }
  const starting = part(startsWithLeading).as('starting');
  const containing = sql`(select count(*) from ${part(containsLeadingAfterStart)} as containing)`;
  return db
    .select({
      n: sql<number>`least(count(*) + case when count(*) < ${cap} then ${containing} else 0 end, ${cap})::int`,
    })
    .from(starting);
}

/** The window of the list a term is first looked for in: long enough for a common term to fill the page. */
export const windowFor = (rowsNeeded: number) => Math.max(2000, rowsNeeded * 50);

/** The values of a page's placeholders besides the filter's. */
export const pageValues = (limit: number, offset: number) => ({
  limit,
  offset,
  fence: 2_147_483_647,
  partLimit: offset + limit,
  windowEnd: windowFor(offset + limit) - 1,
});

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
  mode: ScanMode = 'ordered',
) {
  const { shape, values } = bindFilter(filter);
  const all = { ...values, ...pageValues(page.limit, page.offset), cap: page.cap };
  const withValues = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({
    sql: text,
    params: fillPlaceholders(params, all),
  });
  return {
    /** Whether the list is searched for a term: then its page is read in the window first. */
    searchesTerm: shape.leading || shape.grams,
    page: withValues(pageQuery(db, shape, mode).toSQL()),
    count: withValues(countQuery(db, shape).toSQL()),
  };
}
