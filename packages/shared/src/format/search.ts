/**
 * Folds text for search: lower case and ё read as е, because people type «Федоров» for «Фёдоров».
 * The database folds stored text with `registry_fold` (migration 0001) by the same rule; a server test
 * keeps the two in step.
 */
export function normalizeForSearch(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е');
}

/** The words of a search term, folded; a row matches when it contains every word, in any order. */
export function searchWords(term: string | undefined): string[] {
  return normalizeForSearch(term ?? '')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * How far the trainee list may be paged: its first 1,000 names. Beyond them a list of a million is searched,
 * not walked through, and every page costs about the same (a page far down costs what its offset costs).
 */
export const MAX_LIST_PAGES = 50;
