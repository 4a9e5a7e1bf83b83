import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmitChangeResultSchema, type SubmitChange, type SubmitChangeResult } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshCounters } from '@/lib/counters';
import { internsKey } from '@/lib/query-keys';
import { importsKey } from './get-imports';

/** Where a row goes: into the trainee with this id, or into a new one. */
export type SubmitTarget = number | 'new';

export type SubmitChangeRequest = { target: SubmitTarget; body: SubmitChange };

/** `POST /api/v1/imports/{id}/changes/{change}/submit/{internId|new}`: accepts a row as the operator left it. */
export function submitChange(
  importId: number,
  changeId: number,
  { target, body }: SubmitChangeRequest,
): Promise<SubmitChangeResult> {
  return apiRequest(`/api/v1/imports/${importId}/changes/${changeId}/submit/${target}`, {
    method: 'POST',
    body,
    schema: SubmitChangeResultSchema,
  });
}

/**
 * Accepts a row; the screen says a refusal itself, with the problems the server lists. The import's pages,
 * the trainee's card and lists and the menu's counters are read again, without holding up the answer.
 */
export function useSubmitChange(importId: number, changeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SubmitChangeRequest) => submitChange(importId, changeId, request),
    meta: { hasOwnErrorHandling: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: importsKey });
      void queryClient.invalidateQueries({ queryKey: internsKey });
      void refreshCounters(queryClient);
    },
  });
}
