import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportProgressSchema, texts, type ImportProgress, type Reject } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshCounters } from '@/lib/counters';
import { importsKey } from './get-imports';

/** `POST /api/v1/imports/{id}/changes/{change}/reject`: rejects one row with a reason. */
export function rejectChange(importId: number, changeId: number, request: Reject): Promise<ImportProgress> {
  return apiRequest(`/api/v1/imports/${importId}/changes/${changeId}/reject`, {
    method: 'POST',
    body: request,
    schema: ImportProgressSchema,
  });
}

/** Rejects a row; a failure opens the global error dialog under its SPEC.md §8 title. */
export function useRejectChange(importId: number, changeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Reject) => rejectChange(importId, changeId, request),
    meta: { errorTitle: texts.errorTitles.reject },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: importsKey });
      void refreshCounters(queryClient);
    },
  });
}
