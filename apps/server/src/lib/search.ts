import { and, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { MAX_LIST_PAGES, searchWords, type CappedPaged, type Paged } from '@registry/shared';

/** Rows a page of every search list holds (docs/api.md#paging). */
export const PAGE_SIZE = 20;

/** How many pages ahead of the current one a capped list counts: its pagination shows up to 10 page links. */
const PAGES_AHEAD = 10;

function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Matches rows whose folded search key contains every word of the term, in any order and as parts of words,
 * so that «кадастр инж» finds «Кадастровые инженеры». No condition (every row) for an empty term.
 */
export function matchesTerm(searchKey: AnyColumn, term: string | undefined): SQL | undefined {
  const words = searchWords(term);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => like(searchKey, containsPattern(word))));
}

/**
 * Alphabetical order of a folded key. The C collation orders folded Cyrillic as the alphabet does and is the
 * same in every database, whatever locale it was created with.
 */
export function alphabetical(searchKey: AnyColumn): SQL {
  return sql`${searchKey} collate "C"`;
}

/** One page of rows from a repository, before the service maps them to the contract's shape. */
export interface RowPage<Row> {
  page: number;
  totalPages: number;
  /** The matches on every page. */
  total: number;
  rows: Row[];
}

/** Counts the matches and reads the requested 0-based page of them. */
export async function fetchPage<Row>(
  page: number,
  query: { count(): Promise<number>; rows(limit: number, offset: number): Promise<Row[]> },
): Promise<RowPage<Row>> {
  const [total, rows] = await Promise.all([query.count(), query.rows(PAGE_SIZE, page * PAGE_SIZE)]);
  return { page, totalPages: Math.ceil(total / PAGE_SIZE), total, rows };
}

/** The contract's `{ Page, TotalPages, Results }` of a page of rows. */
export function toPaged<Row, Item>(rowPage: RowPage<Row>, map: (row: Row) => Item): Paged<Item> {
  return { Page: rowPage.page, TotalPages: rowPage.totalPages, Results: rowPage.rows.map(map) };
}

/**
 * How many matches a capped list (`cappedPageNumber`) counts for a page: as far as its pagination
 * shows, and one more, which tells that more follow.
 */
export function countCap(page: number): number {
  return Math.min(page + PAGES_AHEAD, MAX_LIST_PAGES) * PAGE_SIZE + 1;
}

/** The contract's pages of a capped list whose matches were counted up to `countCap(page)`. */
export function cappedPages(page: number, counted: number): Omit<CappedPaged<never>, 'Results'> {
  const cap = countCap(page);
  const reachesLastPage = cap === MAX_LIST_PAGES * PAGE_SIZE + 1;
  return {
    Page: page,
    TotalPages: Math.ceil(Math.min(counted, cap - 1) / PAGE_SIZE),
    HasMore: counted >= cap && !reachesLastPage,
    IsCapped: counted >= cap && reachesLastPage,
  };
}

/**
 * A page of a capped list in two short queries. The first reads the ids of the matches in list order, as
 * many as the list counts (at most 1,001, off an index), and so both counts them and picks the page's; the
 * second reads the page's rows by id, so that what is costly about a row (a subquery, joins) is worked out
 * for those rows only, never for the rows an OFFSET would skip.
 */
export async function fetchCappedPage<Row extends { id: number }, Item>(
  page: number,
  query: { idsUpTo(limit: number): Promise<number[]>; rowsOf(ids: number[]): Promise<Row[]> },
  map: (row: Row) => Item,
): Promise<CappedPaged<Item>> {
  const ids = await query.idsUpTo(countCap(page));
  const pageIds = ids.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const rows = pageIds.length > 0 ? await query.rowsOf(pageIds) : [];
  const position = new Map(pageIds.map((id, index) => [id, index]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { ...cappedPages(page, ids.length), Results: rows.map(map) };
}
