import { normalizeForSearch } from '@registry/shared';

/*
 * Finding a file's value in a dictionary (schools, addresses, termination reasons) by the rule the database's
 * unique indexes use, and naming the closest known value when there is none, so that a clerk who wrote
 * «ул Ленина 1» learns that the register knows «ул. Ленина, 1».
 */

/**
 * The key under which two names are the same: folded (case, ё/е), without quotes of any kind, spacing
 * collapsed. Mirrors the SQL function `registry_name_key` (migration 0001); a database test keeps them in step.
 */
export function dictionaryKey(text: string): string {
  return normalizeForSearch(text)
    .replace(/[«»"“”„'‘’`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function trigrams(key: string): Set<string> {
  const padded = `  ${key} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return shared / (a.size + b.size - shared);
}

// As pg_trgm's default: below this share of common trigrams two values are not alike enough to suggest.
const MIN_SIMILARITY = 0.3;
// A file may hold thousands of distinct unknown values; beyond this many the message names no closest one,
// so that a hostile file cannot make the reader compare every value with every entry.
const MAX_CLOSEST_SEARCHES = 200;

/** Entries of one dictionary, found by key; `closest` suggests a known value for an unknown one. */
export class DictionaryIndex<Entry> {
  private readonly byKey = new Map<string, Entry>();
  private grams: { gramSet: Set<string>; label: string }[] | null = null;
  private readonly closestByKey = new Map<string, string | null>();

  constructor(
    private readonly entries: Entry[],
    private readonly labelOf: (entry: Entry) => string,
  ) {
    for (const entry of entries) {
      const key = dictionaryKey(labelOf(entry));
      if (!this.byKey.has(key)) this.byKey.set(key, entry);
    }
  }

  get size(): number {
    return this.entries.length;
  }

  find(text: string): Entry | undefined {
    return this.byKey.get(dictionaryKey(text));
  }

  /** The known value most like the text, by shared trigrams (as pg_trgm measures it), or null if none is. */
  closest(text: string): string | null {
    const key = dictionaryKey(text);
    const cached = this.closestByKey.get(key);
    if (cached !== undefined) return cached;
    if (this.closestByKey.size >= MAX_CLOSEST_SEARCHES) return null;
    this.grams ??= this.entries.map((entry) => ({
      gramSet: trigrams(dictionaryKey(this.labelOf(entry))),
      label: this.labelOf(entry),
    }));
    const own = trigrams(key);
    let best: string | null = null;
    let bestScore = MIN_SIMILARITY;
    for (const { gramSet, label } of this.grams) {
      const score = similarity(own, gramSet);
      if (score >= bestScore) {
        bestScore = score;
        best = label;
      }
    }
    this.closestByKey.set(key, best);
    return best;
  }
}
