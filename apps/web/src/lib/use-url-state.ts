import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isIsoDate } from '@registry/shared';

/** Where a screen is: its path and its query, for links that keep the path or the rest of the query. */
export type UrlPlace = { pathname: string; search: URLSearchParams };

/** A path with its query (without '?'), or the bare path when the query is empty. */
export function hrefWithQuery(path: string, query: string | URLSearchParams): string {
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The link to here with one parameter set, or left out (null), and the rest of the query as it is. */
export function hrefWithParam({ pathname, search }: UrlPlace, name: string, value: string | null): string {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return hrefWithQuery(pathname, next);
}

/**
 * A screen's state kept in its URL, so that a reload, Back and a shared link show the same: `read` takes it
 * from the query string, `hrefOf` gives the link of a state from here, and `change` goes to the link of the
 * next state, not at all when that is where the screen is (a form that reports its values on mount must not
 * add a history entry). A new history entry unless `replace`: that is for what changes as one types, so that
 * Back leaves the screen rather than undoing keystrokes. `read` and `hrefOf` should be module functions (or
 * memoized), so that `change` stays the same while the URL does.
 */
export function useUrlState<T>(
  read: (search: URLSearchParams) => T,
  hrefOf: (state: T, here: UrlPlace) => string,
) {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const linkOf = useCallback((state: T) => hrefOf(state, { pathname, search }), [hrefOf, pathname, search]);
  const change = useCallback(
    (next: (current: T) => T, { replace = false } = {}) => {
      const current = read(search);
      const href = linkOf(next(current));
      const isHere = href === linkOf(current) && href.split('?')[0] === pathname;
      if (!isHere) void navigate(href, { replace });
    },
    [search, pathname, navigate, read, linkOf],
  );
  return { state: read(search), hrefOf: linkOf, change };
}

const dateFromUrl = (value: string | null) => (value && isIsoDate(value) ? value : null);

/** The period of `?from&to`, `yyyy-MM-dd` each; what is unreadable is left open, and so is an end before the start. */
export function periodFromUrl(search: URLSearchParams): { from: string | null; to: string | null } {
  const from = dateFromUrl(search.get('from'));
  const to = dateFromUrl(search.get('to'));
  return { from, to: from && to && to < from ? null : to };
}
