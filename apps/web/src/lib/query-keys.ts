import type { DictionaryCode } from '@registry/shared';

/**
 * Everything read about trainees lives under this key (the lists, the public card, the operator's card), so
 * that a save anywhere (the card, an accepted import row) refreshes it all at once.
 */
export const internsKey = ['interns'] as const;

/**
 * The cache key under which everything read from a dictionary lives: saving an entry invalidates it, and with
 * it the dedicated list (SRO, schools) and every picker of the same records.
 */
export function dictionaryKey(code: DictionaryCode): readonly string[] {
  return [code];
}
