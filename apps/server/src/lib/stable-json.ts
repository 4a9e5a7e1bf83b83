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
