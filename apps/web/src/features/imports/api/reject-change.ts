import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportProgressSchema, type ImportProgress, type Reject } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { afterDecision } from './after-decision';

/** `POST /api/v1/imports/{id}/changes/{change}/reject`: rejects one row with a reason. */
export function rejectChange(importId: number, changeId: number, request: Reject): Promise<ImportProgress> {
  return apiRequest(`/api/v1/imports/${importId}/changes/${changeId}/reject`, {
    method: 'POST',
    body: request,
    schema: ImportProgressSchema,
  });
}

/**
 * Rejects a row; the screen says a refusal itself (an error dialog under its title,
 * docs/screens.md#titles-by-operation, or, for a row someone else handled or holds, that the race was lost).
 * What the rejection changed is stale (`afterDecision`).
 */
export function useRejectChange(importId: number, changeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Reject) => rejectChange(importId, changeId, request),
    meta: { hasOwnErrorHandling: true },
    onSuccess: () => afterDecision(queryClient, { touchesInterns: false }),
  });
}
