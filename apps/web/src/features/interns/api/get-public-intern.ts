import { queryOptions, useQuery } from '@tanstack/react-query';
import { texts, type PublicIntern } from '@registry/shared';
import { apiRequestUnchecked, isNotFoundError } from '@/lib/api-client';
import { internsKey } from '@/lib/query-keys';

/**
 * `GET /api/v1/interns/{id}/public`: what anyone may see of a trainee, or null when there is no such trainee
 * (or it was deleted), which the card shows as a page of its own rather than as an error. The answer is not
 * parsed here: the server has checked it against PublicInternSchema (api-client.ts, apiRequestUnchecked).
 */
export async function getPublicIntern(id: number, signal?: AbortSignal): Promise<PublicIntern | null> {
  try {
    return await apiRequestUnchecked<PublicIntern>(`/api/v1/interns/${id}/public`, { signal });
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function publicInternQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...internsKey, id, 'public'],
    queryFn: ({ signal }) => getPublicIntern(id, signal),
    // A failed load of a trainee has the export's title (docs/screens.md#titles-by-operation).
    meta: { errorTitle: texts.errorTitles.export },
  });
}

export function usePublicIntern(id: number, { enabled = true } = {}) {
  return useQuery({ ...publicInternQueryOptions(id), enabled });
}
