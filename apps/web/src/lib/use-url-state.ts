import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isIsoDate } from '@registry/shared';

/**
 * A screen's state kept in its URL, so that a reload, Back and a shared link show the same: read from the
 * query string, changed by going to the link of the next state, and not at all when that link is the same
 * (a form that reports its values on mount must not add a history entry). `read` and `hrefOf` are module
 * functions, so that `change` stays the same while the URL does.
 */
export function useUrlState<T>(read: (search: URLSearchParams) => T, hrefOf: (state: T) => string) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  /** `replace` for what changes as one types, so that Back leaves the screen rather than undoing keystrokes. */
  const change = useCallback(
    (next: (current: T) => T, { replace = false } = {}) => {
      const current = read(searchParams);
      const href = hrefOf(next(current));
      if (href !== hrefOf(current)) void navigate(href, { replace });
    },
    [searchParams, navigate, read, hrefOf],
  );
  return { state: read(searchParams), change };
}

const dateFromUrl = (value: string | null) => (value && isIsoDate(value) ? value : null);

/** The period of `?from&to`, `yyyy-MM-dd` each; what is unreadable is left open, and so is an end before the start. */
export function periodFromUrl(search: URLSearchParams): { from: string | null; to: string | null } {
  const from = dateFromUrl(search.get('from'));
  const to = dateFromUrl(search.get('to'));
  return { from, to: from && to && to < from ? null : to };
}
