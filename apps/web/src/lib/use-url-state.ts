import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

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
