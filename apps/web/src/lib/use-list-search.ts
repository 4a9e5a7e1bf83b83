import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { SearchParams } from './search-queries';
import { useUrlState } from './use-url-state';

/** Reads `?page=` as people read it, counting from 1, into the API's 0-based page; anything else is 0. */
export function pageFromUrl(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page - 1 : 0;
}

/** A list's link to its 0-based `page` of results for `query`: `?page=` counts from 1 and is left out for 1. */
export function listHref(hrefFor: (query?: string) => string, query: string, page: number): string {
  const href = hrefFor(query || undefined);
  return page > 0 ? `${href}?page=${page + 1}` : href;
}

/**
 * The search state of a list screen, kept in its URL so that it survives a reload and can be shared: the term
 * is the route's `:query?` segment, the page is `?page=`. A new term starts again from the first page and
 * replaces the history entry, so that Back leaves the screen rather than stepping through keystrokes.
 */
export function useListSearch(hrefFor: (query?: string) => string) {
  const { query: term = '' } = useParams();
  const read = useCallback(
    (search: URLSearchParams): SearchParams => ({ term, page: pageFromUrl(search.get('page')) }),
    [term],
  );
  const hrefOf = useCallback(
    (params: SearchParams) => listHref(hrefFor, params.term, params.page),
    [hrefFor],
  );
  const { state: params, hrefOf: linkOf, change } = useUrlState(read, hrefOf);

  const search = useCallback(
    (next: string) => change(() => ({ term: next, page: 0 }), { replace: true }),
    [change],
  );
  const pageHref = (page: number) => linkOf({ ...params, page });
  return { params, search, pageHref };
}
