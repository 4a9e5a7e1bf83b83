import { describe, expect, it } from 'vitest';
import { normalizeForSearch, searchWords } from './search.js';

describe('normalizeForSearch', () => {
  it('reads ё as е and ignores case', () => {
    expect(normalizeForSearch('ФЁДОРОВ Пётр')).toBe('федоров петр');
    expect(normalizeForSearch('Ёлкин')).toBe('елкин');
  });
});

describe('searchWords', () => {
  it('splits a term into folded words and drops blanks', () => {
    expect(searchWords('  Кадастр  ИНЖЕНЕР\tёж ')).toEqual(['кадастр', 'инженер', 'еж']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
});
