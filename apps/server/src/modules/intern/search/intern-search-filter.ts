import { and, asc, eq, gt, like, not, sql, type SQL } from 'drizzle-orm';
import { searchWords } from '@registry/shared';
import { interns, internshipFacts } from '../../../db/schema/index.js';
import { alphabetical } from '../../../lib/search.js';

/*
 * What narrows the trainee list, as SQL conditions: a filter's shape (which decides the text of its queries)
 * and the values bound into them (intern-search-queries.ts builds the queries).
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
  words.forEach((word, index) => {
    values[`word${index}`] = `%${likeLiteral(word)}%`;
    values[`text${index}`] = word;
  });
  if (leading === null && words.length > 0) values.gram = [words[0]];
  if (leading !== null) {
    values.leadingStart = `${likeLiteral(leading)}%`;
    values.leadingInside = `%${likeLiteral(leading)}%`;
    values.leadingText = leading;
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
export const startsWithLeading = like(alphabeticalKey, sql.placeholder('leadingStart'));
export const containsLeadingAfterStart = and(
  like(sql`substr(${interns.searchKey}, 2)`, sql.placeholder('leadingInside')),
  not(startsWithLeading),
)!;

/**
 * How a condition is read. `index`: as an index can use it (a LIKE, the letters and pairs). `walk`: on names
 * read in list order from the alphabetical index, where an index's condition would only be worked out again
 * per name: a word is found with strpos, which matches text twice as fast as a LIKE, and the letters and pairs
 * of `registry_grams` (some 30 µs a name) are left to the LIKE they only repeat.
 */
export type Reading = 'index' | 'walk';

export const contains = (reading: Reading, pattern: string, text: string) =>
  reading === 'index'
    ? sql`${interns.searchKey} like ${sql.placeholder(pattern)}`
    : sql`strpos(${interns.searchKey}, ${sql.placeholder(text)}) > 0`;

/** The conditions of a filter's shape except the leading word, which splits the query. */
export function filterParts(shape: FilterShape, reading: Reading = 'index'): SQL[] {
  // The same text for both: the register's partial indexes are chosen for the bound `false`. A walk reads the
  // register's names only (`firstNames`).
  const conditions: SQL[] = reading === 'index' ? [eq(interns.isDeleted, shape.deleted)] : [];
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
    conditions.push(contains(reading, `word${index}`, `text${index}`));
  }
  if (shape.grams && reading === 'index') {
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
