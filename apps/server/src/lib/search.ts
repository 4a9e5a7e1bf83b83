import { and, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchWords, type Paged } from '@registry/shared';

/** Rows a page of every search list holds (DESIGN.md §3). */
export const PAGE_SIZE = 20;

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
  rows: Row[];
}

/** Counts the matches and reads the requested 0-based page of them. */
export async function fetchPage<Row>(
  page: number,
  query: { count(): Promise<number>; rows(limit: number, offset: number): Promise<Row[]> },
): Promise<RowPage<Row>> {
  const [total, rows] = await Promise.all([query.count(), query.rows(PAGE_SIZE, page * PAGE_SIZE)]);
  return { page, totalPages: Math.ceil(total / PAGE_SIZE), rows };
}

/** The contract's `{ Page, TotalPages, Results }` of a page of rows. */
export function toPaged<Row, Item>(rowPage: RowPage<Row>, map: (row: Row) => Item): Paged<Item> {
  return { Page: rowPage.page, TotalPages: rowPage.totalPages, Results: rowPage.rows.map(map) };
}
