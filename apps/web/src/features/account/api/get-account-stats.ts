import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountStatsSchema, type AccountStats } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { accountStatsKey } from '@/lib/counters';

export function getAccountStats(): Promise<AccountStats> {
  return apiRequest('/api/v1/account/stats', { schema: AccountStatsSchema });
}

export const accountStatsQueryOptions = () =>
  queryOptions({
    queryKey: accountStatsKey,
    queryFn: getAccountStats,
    // The counters change as others upload and process; keep the menu's badges roughly current.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** Counters for the operator menu's badges (operators only). */
export function useAccountStats() {
  return useQuery(accountStatsQueryOptions());
}
