import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { AuditPageSchema, type AuditPage } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';

/** The journal's filters as the API takes them; what is left out is not filtered on. */
export type AuditSearchParams = {
  /** The account that acted. */
  account?: number;
  action?: number;
  /** The SRO the action concerns. */
  org?: number;
  /** Moscow days, `yyyy-MM-dd`, both included. */
  from?: string;
  to?: string;
};

export const auditKey = ['audit'] as const;

/** `GET /api/v1/audit`: a page of the journal, newest first, after the event `before` names. */
export function searchAudit(
  params: AuditSearchParams,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return apiRequest('/api/v1/audit', { params: { ...params, before }, schema: AuditPageSchema, signal });
}

/** The pages read so far for one filter: 'Показать ещё' reads the next one after the last event shown. */
export function auditQueryOptions(params: AuditSearchParams) {
  return infiniteQueryOptions({
    queryKey: [...auditKey, params],
    queryFn: ({ pageParam, signal }) => searchAudit(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.Next ?? undefined,
    // The rows stay on screen while another filter loads, rather than blinking to skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useAuditSearch(params: AuditSearchParams) {
  return useInfiniteQuery(auditQueryOptions(params));
}
