import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportSchema, texts, type Import, type Reject } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshCounters } from '@/lib/counters';
import { importsKey } from './get-imports';

/** `POST /api/v1/imports/{id}/reject`: rejects the whole import (only while pending or being processed). */
export function rejectImport(id: number, request: Reject): Promise<Import> {
  return apiRequest(`/api/v1/imports/${id}/reject`, { method: 'POST', body: request, schema: ImportSchema });
}

/**
 * Rejects an import; a failure opens the global error dialog under its title
 * (docs/screens.md#titles-by-operation).
 */
export function useRejectImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Reject) => rejectImport(id, request),
    meta: { errorTitle: texts.errorTitles.reject },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: importsKey }), refreshCounters(queryClient)]),
  });
}
