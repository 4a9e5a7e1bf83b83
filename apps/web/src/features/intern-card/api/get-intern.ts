import { queryOptions, useQuery } from '@tanstack/react-query';
import { InternSchema, texts, type Intern } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { internsKey } from '@/lib/search-queries';

export function getIntern(id: number, signal?: AbortSignal): Promise<Intern> {
  return apiRequest(`/api/v1/interns/${id}`, { schema: InternSchema, signal });
}

export const internQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...internsKey, id],
    queryFn: ({ signal }) => getIntern(id, signal),
    // SPEC.md §8 titles a failed load of a trainee as a failed export.
    meta: { errorTitle: texts.errorTitles.export },
  });

/** The trainee as an operator sees it. */
export function useIntern(id: number) {
  return useQuery(internQueryOptions(id));
}
