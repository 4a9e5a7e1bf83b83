import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ImportProgressSchema, type ImportProgress } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { changeReviewKey } from './get-change-review';

/** The import's progress as the open row's screen shows it: under the row's key, so a change of the import refreshes it. */
export const importProgressKey = (importId: number, changeId: number) =>
  [...changeReviewKey(importId, changeId), 'progress'] as const;

/**
 * `GET /api/v1/imports/{id}/changes/{change}/progress`: the import's requisites, counts and next row, as the
 * row's review brought them (`opened`), read again while the row stays open: another operator may fill the
 * requisites the row waits for (docs/row-review.md «Несколько операторов и следующая запись»). Not read as the
 * row opens: its review has just brought them.
 */
const importProgressQueryOptions = (importId: number, changeId: number, opened: ImportProgress) =>
  queryOptions({
    queryKey: importProgressKey(importId, changeId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/imports/${importId}/changes/${changeId}/progress`, {
        schema: ImportProgressSchema,
        signal,
      }),
    initialData: opened,
    staleTime: 0,
    refetchOnMount: false,
    refetchOnWindowFocus: true,
    gcTime: 0,
  });

/** Reads the open row's import progress again now, sharing a read already under way. */
export function refreshImportProgress(queryClient: QueryClient, importId: number, changeId: number) {
  return queryClient.refetchQueries(
    { queryKey: importProgressKey(importId, changeId) },
    { cancelRefetch: false },
  );
}

/**
 * The open row's import progress, fresh: read again when the operator comes back to the window (a tab shown
 * again, as React Query does, or another window left: a window's `focus`), and whenever the row's claim is
 * renewed (`useRowClaim`).
 */
export function useImportProgress(importId: number, changeId: number, opened: ImportProgress) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onFocus = () => void refreshImportProgress(queryClient, importId, changeId);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [queryClient, importId, changeId]);
  return useQuery(importProgressQueryOptions(importId, changeId, opened)).data;
}
