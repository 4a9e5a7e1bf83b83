import type { QueryClient } from '@tanstack/react-query';

/**
 * The cache key of the menu's counters (`GET /api/v1/account/stats`). It lives here rather than in the
 * account feature so that any feature whose call changes a count (an upload, a rejection) can refresh them.
 */
export const accountStatsKey = ['account-stats'] as const;

/** Asks for the menu's counters again after a change that moves them. */
export function refreshCounters(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountStatsKey });
}
