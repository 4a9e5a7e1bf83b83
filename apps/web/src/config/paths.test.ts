import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds links with and without the optional segments', () => {
    expect(paths.internCard.href('new')).toBe('/interns/new');
    expect(paths.internCard.href(5, 'supervisors')).toBe('/interns/5/supervisors');
    expect(paths.publicCard.href(7)).toBe('/public/7');
    expect(paths.importChangeForIntern.href(1, 2, 3)).toBe('/imports/1/process/2/intern/3');
    expect(paths.operators.href()).toBe('/operators');
    // A search query may hold any character, the slash included, and must stay one segment.
    expect(paths.dictionary.href('addresses', 'a b/c')).toBe('/dictionaries/addresses/a%20b%2Fc');
  });

  it('keeps the trailing slash the specification gives', () => {
    expect(paths.login.href()).toBe('/login/');
    expect(paths.imports.href()).toBe('/imports/');
  });
});
