import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ImportChangePageSchema, type ChangeMatch, type ChangeState } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { importsKey } from './get-imports';

/** The page's filter: every state or one, every match or one. */
export type ChangesFilter = { state: ChangeState | 'all'; match: ChangeMatch | null };

/** `GET /api/v1/imports/{id}/changes?state=&match=&page=`: one page of an import's rows under the filter. */
export const importChangesQueryOptions = (id: number, { state, match }: ChangesFilter, page: number) =>
  queryOptions({
    queryKey: [...importsKey, 'changes', id, state, match, page],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/imports/${id}/changes`, {
        params: { state: state === 'all' ? null : state, match, page },
        schema: ImportChangePageSchema,
        signal,
      }),
    // The rows stay on screen while the next page or filter loads, rather than blinking to a spinner.
    placeholderData: keepPreviousData,
  });

export function useImportChanges(id: number, filter: ChangesFilter, page: number) {
  return useQuery(importChangesQueryOptions(id, filter, page));
}
