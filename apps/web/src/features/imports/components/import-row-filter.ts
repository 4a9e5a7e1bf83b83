import {
  countRu,
  rowForms,
  type ChangeMatch,
  type ChangeState,
  type Import,
  type ImportChange,
} from '@registry/shared';
import { pageFromUrl } from '@/lib/use-list-search';

/**
 * Which of an import's rows the page shows by their state; 'claimed' are waiting rows an operator works on,
 * 'conflicting' waiting rows of a pre-filled file where the file and the register both changed a cell since
 * the download, 'unchanged' rows that said what the register holds (no one's work).
 */
export const rowStates = {
  all: 'Все',
  pending: 'Ожидают',
  claimed: 'В работе',
  conflicting: 'Конфликт',
  finished: 'Приняты',
  rejected: 'Отклонены',
  unchanged: 'Без изменений',
} as const satisfies Record<'all' | ChangeState, string>;
export type RowState = keyof typeof rowStates;

/** The states of handled and unchanged rows: a match is known of waiting rows only, so these have none. */
export const hasNoMatch = (state: RowState): boolean =>
  state === 'finished' || state === 'rejected' || state === 'unchanged';

/** Which waiting rows the page shows by how they meet the register (the server's `Match`, `HasConflict`). */
export const rowMatches = {
  snils: 'По СНИЛС',
  fullName: 'По ФИО',
  none: 'Новые',
  conflict: 'С конфликтами',
} as const satisfies Record<ChangeMatch, string>;
export type RowMatch = keyof typeof rowMatches;

export type RowFilter = { state: RowState; match: RowMatch | null };

const isKey = <T extends object>(options: T, value: string | null): value is Extract<keyof T, string> =>
  value !== null && Object.hasOwn(options, value);

/** Reads `?state=&match=` of the import's page; anything unknown shows every row. */
export function readRowFilter(search: URLSearchParams): RowFilter {
  const state = search.get('state');
  const match = search.get('match');
  return { state: isKey(rowStates, state) ? state : 'all', match: isKey(rowMatches, match) ? match : null };
}

/** Reads `?page=` of the import's rows: 0-based, counted from 1 in the URL as every list's is. */
export const readRowPage = (search: URLSearchParams): number => pageFromUrl(search.get('page'));

/**
 * The filter in the page's query string, leaving out what shows every row. Another filter shows other rows:
 * it starts again at the first page.
 */
export function writeRowFilter(search: URLSearchParams, filter: RowFilter): URLSearchParams {
  const next = new URLSearchParams(search);
  if (filter.state === 'all') next.delete('state');
  else next.set('state', filter.state);
  if (filter.match === null) next.delete('match');
  else next.set('match', filter.match);
  next.delete('page');
  return next;
}

/** The query string of a 0-based page of the rows under the same filter; the first page is left out. */
export function writeRowPage(search: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(search);
  if (page > 0) next.set('page', String(page + 1));
  else next.delete('page');
  return next;
}

/** The sections of rows the page has: waiting, accepted, rejected, unchanged, in the order it shows them. */
export type RowSection = ImportChange['State'];
export const rowSections: RowSection[] = ['pending', 'finished', 'rejected', 'unchanged'];

/** «Все» without a match: the rows to review, with the unchanged ones folded into a line under them. */
export const foldsUnchanged = ({ state, match }: RowFilter): boolean => state === 'all' && match === null;

/**
 * The sections the filter shows. A match is known of waiting rows only: a match filter shows no handled
 * rows. The unchanged rows are no one's work: «Все» folds them, their own filter lists them.
 */
export function filteredSections({ state, match }: RowFilter): RowSection[] {
  const showsPending =
    state === 'all' || state === 'pending' || state === 'claimed' || state === 'conflicting';
  const showsHandled = (which: RowState) =>
    match === null && (state === which || (state === 'all' && which !== 'unchanged'));
  return rowSections.filter((section) => (section === 'pending' ? showsPending : showsHandled(section)));
}

/** A page's rows by section, each in the page's order. */
export function rowsBySection(rows: ImportChange[]) {
  const of = <S extends RowSection>(state: S) =>
    rows.filter((row): row is Extract<ImportChange, { State: S }> => row.State === state);
  return {
    pending: of('pending'),
    finished: of('finished'),
    rejected: of('rejected'),
    unchanged: of('unchanged'),
  };
}

/**
 * A page's rows by section, and whether each section is shown: the filter chose it, and it has rows on the
 * page or none at all (then it says so, on every page). One section shown has all the filter's rows (the
 * page's `Total`); beside the others, each has its state's.
 */
export function pageSections(
  filter: RowFilter,
  rowPage: { Results: ImportChange[]; Total: number },
  stateCounts: Record<RowSection, number>,
) {
  const rows = rowsBySection(rowPage.Results);
  const sections = filteredSections(filter);
  const totalOf = (section: RowSection) => (sections.length === 1 ? rowPage.Total : stateCounts[section]);
  const isShown = (section: RowSection) =>
    sections.includes(section) && (rows[section].length > 0 || totalOf(section) === 0);
  return { rows, isShown };
}

type RowPage = { Page: number; TotalPages: number; Total: number; Results: unknown[] };

/**
 * The rows to a page, read off a page of them: a full page before the last, and what the last one leaves
 * before it. Null where a page cannot tell (one page in all, or a page past the last).
 */
export function pageSizeOf({ Page, TotalPages, Total, Results }: RowPage): number | null {
  if (TotalPages <= 1 || Page >= TotalPages) return null;
  if (Page < TotalPages - 1) return Results.length;
  return (Total - Results.length) / (TotalPages - 1);
}

/**
 * The pages «Все» has once its unchanged rows are folded: the server sends them last (docs/row-review.md), so
 * the pages of the other rows come first and are all the view shows; the rest are pages of unchanged rows
 * alone. `isFoldedLineShown`: the line that stands for them goes under the last page of the others.
 */
export function foldedPages(filter: RowFilter, rowPage: RowPage, unchanged: number) {
  const size = pageSizeOf(rowPage);
  if (!foldsUnchanged(filter) || unchanged === 0) {
    return { totalPages: rowPage.TotalPages, isFoldedLineShown: false };
  }
  const others = Math.max(0, rowPage.Total - unchanged);
  const totalPages = size === null ? rowPage.TotalPages : Math.max(1, Math.ceil(others / size));
  return { totalPages, isFoldedLineShown: rowPage.Page >= totalPages - 1 };
}

/**
 * How many rows each state and each match would show, for the filters' labels: the import counts them. The
 * matches are the operators' (a representative's import has none): null when the import leaves them out.
 */
export function rowCounts({ StateCounts, MatchCounts }: Pick<Import, 'StateCounts' | 'MatchCounts'>) {
  return {
    states: {
      all: StateCounts.pending + StateCounts.finished + StateCounts.rejected + StateCounts.unchanged,
      ...StateCounts,
    } satisfies Record<RowState, number>,
    matches: (MatchCounts ?? null) satisfies Record<RowMatch, number> | null,
  };
}

/** 'Без изменений: 90 строк': the unchanged rows of an import. */
export const unchangedText = (unchanged: number): string => `Без изменений: ${countRu(unchanged, rowForms)}`;

/**
 * 'Обработано 3 из 10': the rows accepted or rejected of the rows to review, which the unchanged ones are not;
 * ', без изменений — 90 строк' after it when there are any.
 */
export function progressText(counts: Record<RowSection, number>): string {
  const { pending, finished, rejected, unchanged } = counts;
  const progress = `Обработано ${finished + rejected} из ${pending + finished + rejected}`;
  return unchanged > 0 ? `${progress}, без изменений — ${countRu(unchanged, rowForms)}` : progress;
}
