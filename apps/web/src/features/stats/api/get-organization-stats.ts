import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { StatsResultSchema, type StatsQuerySchema, type StatsResult } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';

/** The statistics' query once the form has checked it: the period (both days included) and maybe one SRO. */
export type StatsParams = z.output<typeof StatsQuerySchema>;

/** Everything of the statistics lives under this key. */
export const statsKey = ['stats'] as const;

/** `GET /api/v1/stats/organizations`: the figures of every SRO (or of the one asked for) and their totals. */
export function getOrganizationStats(params: StatsParams, signal?: AbortSignal): Promise<StatsResult> {
  return apiRequest('/api/v1/stats/organizations', {
    params: { from: params.from, to: params.to, org: params.org },
    schema: StatsResultSchema,
    signal,
  });
}

export function organizationStatsQueryOptions(params: StatsParams) {
  return queryOptions({
    queryKey: [...statsKey, 'organizations', params],
    queryFn: ({ signal }) => getOrganizationStats(params, signal),
    // The previous table stays, under a progress bar, while another period is counted.
    placeholderData: keepPreviousData,
  });
}

export function useOrganizationStats(params: StatsParams) {
  return useQuery(organizationStatsQueryOptions(params));
}
