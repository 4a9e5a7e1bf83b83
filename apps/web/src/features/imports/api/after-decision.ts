import type { QueryClient } from '@tanstack/react-query';
import { refreshCounters } from '@/lib/counters';
import { internsKey } from '@/lib/query-keys';
import { importsKey } from './get-imports';

/**
 * What a decision on a row (accepted, rejected, put back) makes stale. The import's pages are read again when
 * next shown, not now: the review screen moves on to another row, whose review is fetched once (a row's review
 * leaves the cache with its screen, `changeReviewQueryOptions`). The menu's counters are read once.
 */
export function afterDecision(queryClient: QueryClient, { touchesInterns }: { touchesInterns: boolean }) {
  void queryClient.invalidateQueries({ queryKey: importsKey, refetchType: 'none' });
  if (touchesInterns) void queryClient.invalidateQueries({ queryKey: internsKey, refetchType: 'none' });
  void refreshCounters(queryClient);
}
