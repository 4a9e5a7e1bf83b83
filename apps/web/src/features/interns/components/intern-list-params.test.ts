import { describe, expect, it } from 'vitest';
import {
  defaultListParams,
  isFiltered,
  readListParams,
  toExportParams,
  toSearchParams,
  writeListParams,
  type InternListParams,
} from './intern-list-params';

const read = (query: string) => readListParams(new URLSearchParams(query));

const filtered: InternListParams = {
  term: 'Фёдоров Ар',
  status: 1,
  org: { Id: 7, Name: 'СРО «Кадастр»' },
  transfer: true,
  full: true,
  deleted: true,
  page: 2,
};

describe('readListParams', () => {
  it('reads every part of the list from the URL, the page counting from 1', () => {
    expect(
      read(
        'term=%D0%A4%D1%91%D0%B4%D0%BE%D1%80%D0%BE%D0%B2&status=2&org=7&orgName=X&transfer=true&full=true&deleted=true&page=3',
      ),
    ).toEqual({
      term: 'Фёдоров',
      status: 2,
      org: { Id: 7, Name: 'X' },
      transfer: true,
      full: true,
      deleted: true,
      page: 2,
    });
  });

  it('starts from the whole first page for an empty or unreadable URL', () => {
    expect(read('')).toEqual(defaultListParams);
    expect(read('status=&org=abc&transfer=yes&deleted=1&page=0')).toEqual(defaultListParams);
    expect(read('status=3&org=-1')).toEqual(defaultListParams);
  });

  it('reads status 0, the first tab after all', () => {
    expect(read('status=0').status).toBe(0);
  });

  it('keeps an SRO given without its name, so that the filter still applies', () => {
    expect(read('org=12').org).toEqual({ Id: 12, Name: '' });
  });
});

describe('writeListParams', () => {
  it('leaves the defaults out', () => {
    expect(writeListParams(defaultListParams)).toBe('');
    expect(writeListParams({ ...defaultListParams, status: 0 })).toBe('status=0');
  });

  it('gives back what it read', () => {
    expect(read(writeListParams(filtered))).toEqual(filtered);
  });
});

describe('toSearchParams', () => {
  it('asks the operator search for every filter, not the export-only flag', () => {
    expect(toSearchParams(filtered, false)).toEqual({
      term: 'Фёдоров Ар',
      status: 1,
      org: 7,
      transfer: true,
      deleted: true,
      page: 2,
    });
  });

  it('asks the public search for the term, the status and the page only, never the deleted', () => {
    expect(toSearchParams(filtered, true)).toEqual({ term: 'Фёдоров Ар', page: 2 });
  });

  it('sends only the page for the whole list', () => {
    expect(toSearchParams(defaultListParams, false)).toEqual({ page: 0 });
  });
});

describe('toExportParams', () => {
  it('exports the filtered list as a whole, with the full export when chosen', () => {
    expect(toExportParams(filtered)).toEqual({
      term: 'Фёдоров Ар',
      status: 1,
      org: 7,
      transfer: true,
      deleted: true,
      full: true,
    });
    expect(toExportParams({ ...filtered, full: false })).not.toHaveProperty('full');
  });
});

describe('isFiltered', () => {
  it('tells a narrowed search from the whole registry, whatever the page', () => {
    expect(isFiltered({ page: 3 })).toBe(false);
    expect(isFiltered({ page: 0, status: 0 })).toBe(true);
    expect(isFiltered({ page: 0, term: 'Ив' })).toBe(true);
  });
});
