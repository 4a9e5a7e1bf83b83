import { describe, expect, it } from 'vitest';
import type { Import } from '@registry/shared';
import { filterRows, progressText, readRowFilter, rowCounts, writeRowFilter } from './import-row-filter';

const waiting = (
  Id: number,
  Match: 'snils' | 'fullName' | 'none',
  more: Partial<Import['Pending'][number]> = {},
) => ({
  Id,
  RowNumber: Id,
  FullName: `Стажёр ${Id}`,
  Snils: null,
  ClaimedBy: null,
  Match,
  HasConflict: false,
  ...more,
});
const handled = {
  Id: 9,
  RowNumber: 9,
  FullName: 'Стажёр 9',
  Snils: null,
  ProcessedBy: null,
  ProcessedAt: null,
};
const item = {
  Pending: [
    waiting(1, 'snils'),
    waiting(2, 'fullName', { ClaimedBy: 'Орлова С. И.' }),
    waiting(3, 'none', { HasConflict: true }),
  ],
  Finished: [{ ...handled, InternId: 1, InternFullName: 'Стажёр 9' }],
  Rejected: [{ ...handled, Id: 10, RejectionReason: 'Дубликат', RejectionId: null }],
};
const ids = (rows: { Id: number }[] | null) => rows?.map((row) => row.Id) ?? null;

describe("an import's row filter", () => {
  it('shows rows by state, the claimed among the waiting ones', () => {
    const all = filterRows(item, { state: 'all', match: null });
    expect([ids(all.pending), ids(all.finished), ids(all.rejected)]).toEqual([[1, 2, 3], [9], [10]]);
    const claimed = filterRows(item, { state: 'claimed', match: null });
    expect([ids(claimed.pending), claimed.finished, claimed.rejected]).toEqual([[2], null, null]);
    const rejected = filterRows(item, { state: 'rejected', match: null });
    expect([rejected.pending, rejected.finished, ids(rejected.rejected)]).toEqual([null, null, [10]]);
  });

  it('shows waiting rows by match, and no handled rows then', () => {
    expect(ids(filterRows(item, { state: 'all', match: 'snils' }).pending)).toEqual([1]);
    expect(ids(filterRows(item, { state: 'all', match: 'none' }).pending)).toEqual([3]);
    expect(ids(filterRows(item, { state: 'claimed', match: 'conflict' }).pending)).toEqual([]);
    const conflicts = filterRows(item, { state: 'all', match: 'conflict' });
    expect([ids(conflicts.pending), conflicts.finished, conflicts.rejected]).toEqual([[3], null, null]);
  });

  it('counts each choice and the progress', () => {
    const counts = rowCounts(item);
    expect(counts).toEqual({
      states: { all: 5, pending: 3, claimed: 1, finished: 1, rejected: 1 },
      matches: { snils: 1, fullName: 1, none: 1, conflict: 1 },
    });
    expect(progressText(counts.states)).toBe('Обработано 2 из 5');
  });

  it('keeps the filter in the query string, leaving out what shows every row', () => {
    const search = writeRowFilter(new URLSearchParams('x=1'), { state: 'pending', match: 'fullName' });
    expect(search.toString()).toBe('x=1&state=pending&match=fullName');
    expect(readRowFilter(search)).toEqual({ state: 'pending', match: 'fullName' });
    expect(writeRowFilter(search, { state: 'all', match: null }).toString()).toBe('x=1');
    expect(readRowFilter(new URLSearchParams('state=toString&match=__proto__'))).toEqual({
      state: 'all',
      match: null,
    });
  });
});
