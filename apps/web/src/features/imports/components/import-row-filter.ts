import type { Import } from '@registry/shared';

type PendingRow = Import['Pending'][number];

/** Which of an import's rows the page shows by their state; 'claimed' are waiting rows an operator works on. */
export const rowStates = {
  all: 'Все',
  pending: 'Ожидают',
  claimed: 'В работе',
  finished: 'Приняты',
  rejected: 'Отклонены',
} as const;
export type RowState = keyof typeof rowStates;

/** Which waiting rows the page shows by how they meet the register (the server's `Match`, `HasConflict`). */
export const rowMatches = {
  snils: 'По СНИЛС',
  fullName: 'По ФИО',
  none: 'Новые',
  conflict: 'С конфликтами',
} as const;
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

/** The filter in the page's query string, leaving out what shows every row. */
export function writeRowFilter(search: URLSearchParams, filter: RowFilter): URLSearchParams {
  const next = new URLSearchParams(search);
  if (filter.state === 'all') next.delete('state');
  else next.set('state', filter.state);
  if (filter.match === null) next.delete('match');
  else next.set('match', filter.match);
  return next;
}

/** Whether a waiting row meets the register as the match filter asks. */
export function hasMatch(row: PendingRow, match: RowMatch): boolean {
  return match === 'conflict' ? row.HasConflict : row.Match === match;
}

/**
 * The rows the page shows under the filter. The lists come whole with the import, so filtering is here. A
 * match is known of waiting rows only: a match filter shows no handled rows.
 */
export function filterRows(
  item: Pick<Import, 'Pending' | 'Finished' | 'Rejected'>,
  { state, match }: RowFilter,
) {
  const showsPending = state === 'all' || state === 'pending' || state === 'claimed';
  const showsHandled = (which: RowState) => match === null && (state === 'all' || state === which);
  return {
    pending: showsPending
      ? item.Pending.filter(
          (row) =>
            (state !== 'claimed' || row.ClaimedBy !== null) && (match === null || hasMatch(row, match)),
        )
      : null,
    finished: showsHandled('finished') ? item.Finished : null,
    rejected: showsHandled('rejected') ? item.Rejected : null,
  };
}

/** How many rows each state and each match would show, for the filters' labels. */
export function rowCounts(item: Pick<Import, 'Pending' | 'Finished' | 'Rejected'>) {
  const pending = item.Pending;
  return {
    states: {
      all: pending.length + item.Finished.length + item.Rejected.length,
      pending: pending.length,
      claimed: pending.filter((row) => row.ClaimedBy !== null).length,
      finished: item.Finished.length,
      rejected: item.Rejected.length,
    } satisfies Record<RowState, number>,
    matches: Object.fromEntries(
      Object.keys(rowMatches).map((match) => [
        match,
        pending.filter((row) => hasMatch(row, match as RowMatch)).length,
      ]),
    ) as Record<RowMatch, number>,
  };
}

/** 'Обработано 3 из 10': the rows accepted or rejected of all the import's rows. */
export function progressText(counts: { finished: number; rejected: number; all: number }): string {
  return `Обработано ${counts.finished + counts.rejected} из ${counts.all}`;
}
