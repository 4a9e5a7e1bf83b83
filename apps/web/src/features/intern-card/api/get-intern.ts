import { queryOptions, useQuery } from '@tanstack/react-query';
import { InternSchema, texts, type Intern } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { internsKey } from '@/lib/query-keys';

export function getIntern(id: number, signal?: AbortSignal): Promise<Intern> {
  return apiRequest(`/api/v1/interns/${id}`, { schema: InternSchema, signal });
}

export const internQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...internsKey, id],
    queryFn: ({ signal }) => getIntern(id, signal),
    // A failed load of a trainee is titled as a failed export (docs/screens.md#titles-by-operation); no such
    // trainee is a page of its own.
    meta: { errorTitle: texts.errorTitles.export, isPageSubject: true },
  });

/** The trainee as an operator sees it. */
export function useIntern(id: number) {
  return useQuery(internQueryOptions(id));
}

/** The trainee's card as the register held it at the end of `day` (`yyyy-MM-dd`, Moscow time). */
export function getInternAsOf(id: number, day: string, signal?: AbortSignal): Promise<Intern> {
  return apiRequest(`/api/v1/interns/${id}`, { params: { asOf: day }, schema: InternSchema, signal });
}

export const internAsOfQueryOptions = (id: number, day: string) =>
  queryOptions({
    // A key of its own under the trainee's, so that today's card stays cached as it is.
    queryKey: [...internsKey, id, 'as-of', day],
    queryFn: ({ signal }) => getInternAsOf(id, day, signal),
    // The card says itself that the trainee was not yet in the register on that day.
    meta: { hasOwnErrorHandling: true },
  });

/** The trainee as of a day, read-only. */
export function useInternAsOf(id: number, day: string) {
  return useQuery(internAsOfQueryOptions(id, day));
}
