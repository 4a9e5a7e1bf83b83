import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyJson, jsonEqual, stableJson } from './stable-json.js';

/*
 * jsonEqual and copyJson stand in for stableJson's comparison and structuredClone where a re-upload compares
 * and copies every entry of ten thousand rows: they must agree with them on any JSON the app holds.
 */

/** JSON values with few keys and small leaves, so that two drawn values are often alike. */
const { value: json } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 0, 1, '', 'а', 'b'),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('Id', 'Name', 'a', 'b'), tie('value'), { maxKeys: 3 }),
  ),
}));

/** The same object with its keys in reverse order: jsonb gives keys in an order of its own. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reordered(item)]),
  );
}

describe('jsonEqual', () => {
  it('says what comparing stableJson texts says, for any two values', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(jsonEqual(a, b)).toBe(stableJson(a) === stableJson(b));
      }),
      { numRuns: 2000, seed: 36 },
    );
  });

  it('holds a value equal to itself with its keys in another order, and to its copy', () => {
    fc.assert(
      fc.property(json, (a) => {
        expect(jsonEqual(a, reordered(a))).toBe(true);
        expect(jsonEqual(copyJson(a), a)).toBe(true);
      }),
      { numRuns: 500, seed: 36 },
    );
  });

  it('tells a member that is undefined from one that is null, as JSON does', () => {
    expect(jsonEqual({ a: undefined }, {})).toBe(true);
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual([undefined], [null])).toBe(true);
    expect(jsonEqual({ Id: 1, Name: 'А' }, { Name: 'А', Id: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
  });
});

describe('copyJson', () => {
  it('copies as structuredClone does, sharing nothing with the original', () => {
    const original = { a: [{ b: 'в' }, null], c: { d: 1 }, e: new Date(0) };
    const copy = copyJson(original);
    expect(copy).toEqual(structuredClone(original));
    copy.a[0]!.b = 'г';
    copy.c.d = 2;
    expect(original).toEqual({ a: [{ b: 'в' }, null], c: { d: 1 }, e: new Date(0) });
  });
});
