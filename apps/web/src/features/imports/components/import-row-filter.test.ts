import { describe, expect, it } from 'vitest';
import type { ImportChange } from '@registry/shared';
import {
  filteredSections,
  foldedPages,
  hasNoMatch,
  pageSizeOf,
  progressText,
  readRowFilter,
  readRowPage,
  rowCounts,
  rowsBySection,
  writeRowFilter,
  writeRowPage,
} from './import-row-filter';

const base = { RowNumber: 1, FullName: 'Стажёр', Snils: null };
const handled = { ProcessedBy: null, ProcessedAt: null };
const page: ImportChange[] = [
  { ...base, Id: 1, State: 'pending', ClaimedBy: null, Match: 'snils', HasConflict: false },
  { ...base, Id: 2, State: 'pending', ClaimedBy: 'Орлова С. И.', Match: 'none', HasConflict: true },
  { ...base, Id: 9, State: 'finished', InternId: 1, InternFullName: 'Стажёр 9', ...handled },
  { ...base, Id: 10, State: 'rejected', RejectionReason: 'Дубликат', RejectionId: null, ...handled },
  { ...base, Id: 11, State: 'unchanged', InternId: 3, InternFullName: 'Стажёр 11' },
];
const ids = (rows: { Id: number }[]) => rows.map((row) => row.Id);

describe("an import's row filter", () => {
  it('shows the sections of the states chosen, the waiting ones for their claimed rows', () => {
    expect(filteredSections({ state: 'all', match: null })).toEqual(['pending', 'finished', 'rejected']);
    expect(filteredSections({ state: 'claimed', match: null })).toEqual(['pending']);
    expect(filteredSections({ state: 'rejected', match: null })).toEqual(['rejected']);
  });

  it('lists the unchanged rows under their own state only: «Все» folds them', () => {
    expect(filteredSections({ state: 'unchanged', match: null })).toEqual(['unchanged']);
    expect(filteredSections({ state: 'unchanged', match: 'none' })).toEqual([]);
    expect(filteredSections({ state: 'all', match: null })).not.toContain('unchanged');
    expect((['finished', 'rejected', 'unchanged'] as const).every(hasNoMatch)).toBe(true);
    expect(hasNoMatch('claimed') || hasNoMatch('all')).toBe(false);
  });

  it('shows waiting rows only by match', () => {
    expect(filteredSections({ state: 'all', match: 'snils' })).toEqual(['pending']);
    expect(filteredSections({ state: 'claimed', match: 'conflict' })).toEqual(['pending']);
  });

  it("sorts a page's rows into its sections", () => {
    const rows = rowsBySection(page);
    expect([ids(rows.pending), ids(rows.finished), ids(rows.rejected), ids(rows.unchanged)]).toEqual([
      [1, 2],
      [9],
      [10],
      [11],
    ]);
  });

  it('counts each choice and the progress from the import', () => {
    const counts = rowCounts({
      StateCounts: { pending: 3, claimed: 1, conflicting: 0, finished: 1, rejected: 1, unchanged: 0 },
      MatchCounts: { snils: 1, fullName: 1, none: 1, conflict: 1 },
    });
    expect(counts).toEqual({
      states: { all: 5, pending: 3, claimed: 1, conflicting: 0, finished: 1, rejected: 1, unchanged: 0 },
      matches: { snils: 1, fullName: 1, none: 1, conflict: 1 },
    });
    expect(progressText(counts.states)).toBe('Обработано 2 из 5');
  });

  it('counts the unchanged rows among all, but not among the rows to review', () => {
    const { states } = rowCounts({
      StateCounts: { pending: 1, claimed: 0, conflicting: 0, finished: 2, rejected: 1, unchanged: 95 },
    });
    expect(states.all).toBe(99);
    expect(progressText(states)).toBe('Обработано 3 из 4, без изменений — 95 строк');
  });

  it('reads the page size off any page but one past the last, or the only one', () => {
    expect(pageSizeOf({ Page: 0, TotalPages: 3, Total: 45, Results: Array(20) })).toBe(20);
    expect(pageSizeOf({ Page: 2, TotalPages: 3, Total: 45, Results: Array(5) })).toBe(20);
    expect(pageSizeOf({ Page: 0, TotalPages: 1, Total: 7, Results: Array(7) })).toBeNull();
    expect(pageSizeOf({ Page: 5, TotalPages: 3, Total: 45, Results: [] })).toBeNull();
  });

  it('folds the unchanged rows of «Все» under the last page of the others', () => {
    const all = { state: 'all', match: null } as const;
    // 45 rows, 20 to a page: 22 to review, then 23 unchanged from the second page on.
    const pageOf = (Page: number) => ({ Page, TotalPages: 3, Total: 45, Results: Array(Page < 2 ? 20 : 5) });
    expect(foldedPages(all, pageOf(0), 23)).toEqual({ totalPages: 2, isFoldedLineShown: false });
    expect(foldedPages(all, pageOf(1), 23)).toEqual({ totalPages: 2, isFoldedLineShown: true });
    expect(foldedPages(all, pageOf(2), 23)).toEqual({ totalPages: 2, isFoldedLineShown: true });
    // Every row unchanged: one page, which says there is nothing to review, and the line.
    expect(foldedPages(all, pageOf(0), 45)).toEqual({ totalPages: 1, isFoldedLineShown: true });
    // Nothing to fold, or another filter: the server's pages.
    expect(foldedPages(all, pageOf(0), 0)).toEqual({ totalPages: 3, isFoldedLineShown: false });
    const unchanged = { state: 'unchanged', match: null } as const;
    expect(foldedPages(unchanged, pageOf(0), 23)).toEqual({ totalPages: 3, isFoldedLineShown: false });
    expect(foldedPages({ state: 'all', match: 'none' }, pageOf(0), 23).isFoldedLineShown).toBe(false);
  });

  it('keeps the filter in the query string, leaving out what shows every row', () => {
    const search = writeRowFilter(new URLSearchParams('x=1'), { state: 'pending', match: 'fullName' });
    expect(search.toString()).toBe('x=1&state=pending&match=fullName');
    expect(readRowFilter(search)).toEqual({ state: 'pending', match: 'fullName' });
    expect(writeRowFilter(search, { state: 'all', match: null }).toString()).toBe('x=1');
    expect(readRowFilter(new URLSearchParams('state=unchanged'))).toEqual({
      state: 'unchanged',
      match: null,
    });
    expect(readRowFilter(new URLSearchParams('state=toString&match=__proto__'))).toEqual({
      state: 'all',
      match: null,
    });
  });

  it('keeps the page in the query string, counted from 1, and starts another filter at the first page', () => {
    const second = writeRowPage(new URLSearchParams('state=pending'), 1);
    expect(second.toString()).toBe('state=pending&page=2');
    expect(readRowPage(second)).toBe(1);
    expect(writeRowPage(second, 0).toString()).toBe('state=pending');
    expect(writeRowFilter(second, { state: 'rejected', match: null }).toString()).toBe('state=rejected');
    expect(readRowPage(new URLSearchParams('page=abc'))).toBe(0);
  });
});
