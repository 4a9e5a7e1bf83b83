import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InternSearchResult } from '@registry/shared';
import { apiRequestUnchecked } from '@/lib/api-client';
import { internsKey } from '@/lib/query-keys';

/** What the trainee list asks for; what is left out is not filtered on. */
export type InternSearchParams = {
  term?: string;
  status?: number;
  /** An SRO's Id (operators only). */
  org?: number;
  /** Only trainees with internships in more than one SRO (operators only). */
  transfer?: boolean;
  /** Only the deleted trainees (operators only; the public list ignores it). */
  deleted?: boolean;
  /** 0-based. */
  page: number;
};

/**
 * `GET /api/v1/interns/search`: a page of trainees. The public gets the public rows (a SNILS finds only when
 * complete); the server decides that by the session, not by the parameters. The answer is not parsed here: the
 * public list loads it, and the server has checked it against InternSearchResultSchema (api-client.ts).
 */
export function searchInterns(params: InternSearchParams, signal?: AbortSignal): Promise<InternSearchResult> {
  return apiRequestUnchecked('/api/v1/interns/search', { params, signal });
}

export function internSearchQueryOptions(params: InternSearchParams) {
  return queryOptions({
    queryKey: [...internsKey, 'search', params],
    queryFn: ({ signal }) => searchInterns(params, signal),
    // The rows stay on screen while the next page, tab or term loads, rather than blinking to skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useInternSearch(params: InternSearchParams) {
  return useQuery(internSearchQueryOptions(params));
}
