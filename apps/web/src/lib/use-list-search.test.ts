import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { listHref, pageFromUrl } from './use-list-search';

describe('pageFromUrl', () => {
  it('reads ?page= counting from 1 into a 0-based page', () => {
    expect(pageFromUrl('1')).toBe(0);
    expect(pageFromUrl('3')).toBe(2);
  });

  it('starts from the first page on anything else', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'abc']) expect(pageFromUrl(value)).toBe(0);
  });
});

describe('listHref', () => {
  it('keeps the term in the path and the page in ?page=, leaving out the first page', () => {
    expect(listHref(paths.operators.href, '', 0)).toBe('/operators');
    expect(listHref(paths.operators.href, 'Иванов', 0)).toBe(
      '/operators/%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2',
    );
    expect(listHref(paths.schools.href, 'a b', 2)).toBe('/dictionaries/schools/a%20b?page=3');
  });
});
