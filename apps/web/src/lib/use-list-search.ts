import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { SearchParams } from './search-queries';

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
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const params: SearchParams = { term, page: pageFromUrl(searchParams.get('page')) };

  const search = useCallback(
    (next: string) => void navigate(listHref(hrefFor, next, 0), { replace: true }),
    [navigate, hrefFor],
  );
  const pageHref = (page: number) => listHref(hrefFor, term, page);
  return { params, search, pageHref };
}
