/**
 * JSON with object keys in sorted order: two values that are equal give the same text, whatever order their
 * keys came in (jsonb returns keys in its own order, zod in the schema's).
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * Whether two JSON values hold the same data, as `stableJson(a) === stableJson(b)` tells (key order aside, a
 * member whose value is undefined as absent) but without writing either out: a re-upload of a pre-filled file
 * compares every entry of ten thousand rows with its record.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    // JSON writes an undefined item of a list as null.
    return a.every((item, i) => jsonEqual(item ?? null, b[i] ?? null));
  }
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  let members = 0;
  for (const key in x) {
    if (x[key] === undefined) continue;
    members++;
    if (!Object.hasOwn(y, key) || !jsonEqual(x[key], y[key])) return false;
  }
  for (const key in y) if (y[key] !== undefined) members--;
  return members === 0;
}

/** A copy of a JSON value (what the database and the reader give): plain data, so no structured clone is needed. */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = {};
  for (const key in value) copy[key] = copyJson((value as Record<string, unknown>)[key]);
  return copy as T;
}
