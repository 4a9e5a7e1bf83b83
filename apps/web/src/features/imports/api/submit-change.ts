import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmitChangeResultSchema, type SubmitChange, type SubmitChangeResult } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { afterDecision } from './after-decision';

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
 * Accepts a row; the screen says a refusal itself, with the problems the server lists (or, for a row someone
 * else handled or holds, that the race was lost). What the accept changed is stale (`afterDecision`).
 */
export function useSubmitChange(importId: number, changeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SubmitChangeRequest) => submitChange(importId, changeId, request),
    meta: { hasOwnErrorHandling: true },
    onSuccess: () => afterDecision(queryClient, { touchesInterns: true }),
  });
}
