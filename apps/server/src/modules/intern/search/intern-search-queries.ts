import { and, eq, fillPlaceholders, not, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { internEntries, interns } from '../../../db/schema/index.js';
import { registrationNumbers, registrationText } from '../card/registration-numbers.js';
import {
  alphabeticalKey,
  bindFilter,
  contains,
  containsLeadingAfterStart,
  filterParts,
  listOrder,
  startsWithLeading,
  type FilterShape,
  type InternFilter,
} from './intern-search-filter.js';

/*
 * The trainee list's SQL, built from the shape of a filter: the page, the capped count and the export's
 * batches. Filters of one shape run the same text with other values (intern-search.repository.ts keeps the
 * built queries).
 */

/**
 * What a part of a page reads of each name: its id and its key, both in the alphabetical index, so that a
 * walk of the index reads no table row. The page's own rows are read once it is cut (`pageQuery`).
 */
const pageColumns = {
  id: interns.id,
  key: sql<string>`${alphabeticalKey}`.as('key'),
};
/**
 * How a page is read. `ordered`: in list order, as the planner finds best (a list without a term, a SNILS,
 * the deleted). `bitmap`: every match through the term's indexes, then sorted, which serves a term found in few
 * names or only far down the alphabet («мирнова» lives in «смирнова»), where a walk from «А» would read most of
 * the list first. `searched` (a term): the window first, and `bitmap` only when it falls short, in one
 * statement (`searchedRows`).
 */
export type ScanMode = 'ordered' | 'bitmap' | 'searched';

/** The rows matching `conditions`, read as `mode` says, in list order, at most `partLimit` of them. */
function searched(db: Db, mode: 'ordered' | 'bitmap', conditions: SQL[]) {
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
  return db
    .select(pageColumns)
    .from(interns)
    .where(and(...conditions))
    .orderBy(...listOrder)
    .limit(limit);
}

/**
 * The first `partLimit` rows of the list in order, with the key they are ordered by. The leading word splits
 * them in two: names that start with it are a range of the alphabetical index, read in order; those that
 * contain it further on are searched. Each part reads at most the rows up to the end of the page.
 */
function listRows(db: Db, shape: FilterShape, mode: 'ordered' | 'bitmap') {
  const conditions = filterParts(shape);
  if (!shape.leading) return searched(db, mode, conditions);
  const starting = db
    .select(pageColumns)
    .from(interns)
    .where(and(...conditions, startsWithLeading))
    .orderBy(...listOrder)
    .limit(sql.placeholder('partLimit'));
  const containing = searched(db, mode, [...conditions, containsLeadingAfterStart]);
  const matching = unionAll(starting, containing).as('matching');
  return db.select().from(matching).orderBy(matching.key, matching.id).limit(sql.placeholder('partLimit'));
}

/**
 * The window: the first `window` names of the register in list order, read off the alphabetical index alone
 * (with the status or the number of SROs when the filter needs them), under the table's own name so that the
 * filter's conditions read them as they read the table. Its limit makes it a walk of bounded length, which
 * the planner cannot trade for a bitmap of a term's index that it wrongly expects to be short.
 */
function firstNames(db: Db, shape: FilterShape, window: string) {
  return db
    .select({
      id: interns.id,
      key: sql<string>`${alphabeticalKey}`.as('key'),
      searchKey: interns.searchKey,
      ...(shape.status && { status: interns.status }),
      ...(shape.transfers && { organizationCount: interns.organizationCount }),
    })
    .from(interns)
    .where(sql`${interns.isDeleted} = false`)
    .orderBy(...listOrder)
    .limit(sql.placeholder(window))
    .as('interns');
}

/**
 * The matches among the window's names in list order, at most `limit` of them. A window longer than the first
 * `PROBE` names is walked only when those hold at least `probe` matches (`windowValues`): a term they
 * hardly hold («мирнова», found in «смирнова») would not fill it, and the walk would be time lost before the
 * term's index.
 */
function walked(db: Db, shape: FilterShape, limit: string, window: string, probe?: string) {
  const conditions = filterParts(shape, 'walk');
  if (shape.leading) conditions.push(contains('walk', 'leadingInside', 'leadingText'));
  if (probe) {
    const sample = walked(db, shape, probe, 'probeWindow').as('probe');
    conditions.push(sql`(select count(*) from ${sample}) >= ${sql.placeholder(probe)}`);
  }
  const first = firstNames(db, shape, window);
  return db
    .select({ id: first.id, key: first.key })
    .from(first)
    .where(and(...conditions))
    .orderBy(first.key, first.id)
    .limit(sql.placeholder(limit));
}

/**
 * The first `partLimit` matches of a term. The window serves when it holds that many: its names come first in
 * the list, so no match beyond it sorts before them. A term found all over the alphabet (a patronymic, «ов»)
 * fills it after a short walk. Otherwise the rows are read through the term's indexes (`bitmap`), in the same
 * statement, so that a term found far down the alphabet costs no second round trip.
 */
function searchedRows(db: Db, shape: FilterShape) {
  const inWindow = db.$with('in_window').as(walked(db, shape, 'partLimit', 'window', 'probe'));
  const windowServes = sql`(select count(*) from ${inWindow}) >= ${sql.placeholder('partLimit')}`;
  const indexed = listRows(db, shape, 'bitmap').as('indexed');
  const rows = unionAll(
    db.select().from(inWindow).where(windowServes),
    db.select({ id: indexed.id, key: indexed.key }).from(indexed).where(not(windowServes)),
  ).as('rows');
  return { inWindow, rows };
}

/**
 * The rows of a page in list order, with the key they are ordered by. Placeholders: those of the filter,
 * `limit`, `offset`, `partLimit` (their sum), and for a term `window` and `fence`.
 */
function pageRows(db: Db, shape: FilterShape, mode: ScanMode) {
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  if (mode === 'searched') {
    const { inWindow, rows } = searchedRows(db, shape);
    return db.with(inWindow).select().from(rows).orderBy(rows.key, rows.id).limit(limit).offset(offset);
  }
  const rows = listRows(db, shape, mode).as('rows');
  return db.select().from(rows).orderBy(rows.key, rows.id).limit(limit).offset(offset);
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
 * offset skips) are read from the table.
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
 * more than a page count's worth of names, and its count then reads no more than that range). A term of short
 * words is counted in the window (`countWindow` names) first, and through the letters-and-pairs index only
 * when the window holds fewer than `cap`: «ов» is in most names, and the index would list them all.
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
  if (shape.grams && !shape.deleted) {
    const indexed = sql`(select least(count(*), ${cap}) from ${part()} as matching)`;
    return db
      .select({ n: sql<number>`(case when count(*) >= ${cap} then ${cap} else ${indexed} end)::int` })
      .from(walked(db, shape, 'cap', 'countWindow', 'countProbe').as('in_window'));
  }
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

/** How a shape's page is read: a term in the window first, unless the list is of the few deleted. */
export const scanModeOf = (shape: FilterShape): ScanMode =>
  (shape.leading || shape.grams) && !shape.deleted ? 'searched' : 'ordered';

/** The shortest window: the first page's. */
const WINDOW = 2000;
/** The names a longer window is probed with: a walk of them costs a fraction of a millisecond. */
const PROBE = 500;
/** The share of names a window expects to hold the term in, one in this many: 2 %. */
const WINDOW_PER_MATCH = 50;

/**
 * The window a term is first looked for in, long enough for a term in 2 % of the names to fill the rows
 * needed, and the probe of a longer one: its first `PROBE` names must hold the term at half that share.
 */
function windowValues(rowsNeeded: number) {
  const window = Math.max(WINDOW, rowsNeeded * WINDOW_PER_MATCH);
  return { window, probe: window > WINDOW ? PROBE / WINDOW_PER_MATCH / 2 : 0 };
}

/** The values of a page's placeholders besides the filter's. */
export function pageValues(limit: number, offset: number) {
  return {
    limit,
    offset,
    fence: 2_147_483_647,
    partLimit: offset + limit,
    probeWindow: PROBE,
    ...windowValues(offset + limit),
  };
}

/** The values of a count's placeholders besides the filter's. */
export function countValues(cap: number) {
  const { window, probe } = windowValues(cap);
  return { cap, countWindow: window, countProbe: probe, probeWindow: PROBE };
}

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
  const all = { ...values, ...pageValues(page.limit, page.offset), ...countValues(page.cap) };
  const withValues = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({
    sql: text,
    params: fillPlaceholders(params, all),
  });
  return {
    page: withValues(pageQuery(db, shape, scanModeOf(shape)).toSQL()),
    count: withValues(countQuery(db, shape).toSQL()),
  };
}
