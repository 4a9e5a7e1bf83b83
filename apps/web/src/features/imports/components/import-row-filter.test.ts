import { describe, expect, it } from 'vitest';
import type { ImportChange } from '@registry/shared';
import {
  filteredSections,
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
];
const ids = (rows: { Id: number }[]) => rows.map((row) => row.Id);

describe("an import's row filter", () => {
  it('shows the sections of the states chosen, the waiting ones for their claimed rows', () => {
    expect(filteredSections({ state: 'all', match: null })).toEqual(['pending', 'finished', 'rejected']);
    expect(filteredSections({ state: 'claimed', match: null })).toEqual(['pending']);
    expect(filteredSections({ state: 'rejected', match: null })).toEqual(['rejected']);
  });

  it('shows waiting rows only by match', () => {
    expect(filteredSections({ state: 'all', match: 'snils' })).toEqual(['pending']);
    expect(filteredSections({ state: 'claimed', match: 'conflict' })).toEqual(['pending']);
  });

  it("sorts a page's rows into its sections", () => {
    const rows = rowsBySection(page);
    expect([ids(rows.pending), ids(rows.finished), ids(rows.rejected)]).toEqual([[1, 2], [9], [10]]);
  });

  it('counts each choice and the progress from the import', () => {
    const counts = rowCounts({
      StateCounts: { pending: 3, claimed: 1, finished: 1, rejected: 1, unchanged: 0 },
      MatchCounts: { snils: 1, fullName: 1, none: 1, conflict: 1 },
    });
    expect(counts).toEqual({
      states: { all: 5, pending: 3, claimed: 1, finished: 1, rejected: 1, unchanged: 0 },
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

  it('keeps the page in the query string, counted from 1, and starts another filter at the first page', () => {
    const second = writeRowPage(new URLSearchParams('state=pending'), 1);
    expect(second.toString()).toBe('state=pending&page=2');
    expect(readRowPage(second)).toBe(1);
    expect(writeRowPage(second, 0).toString()).toBe('state=pending');
    expect(writeRowFilter(second, { state: 'rejected', match: null }).toString()).toBe('state=rejected');
    expect(readRowPage(new URLSearchParams('page=abc'))).toBe(0);
  });
});
