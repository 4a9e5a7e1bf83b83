import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OperatorSchema, type Operator, type OperatorRequest } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { operatorsEndpoint } from '@/lib/search-queries';

/** A new account when `id` is null, else an edit of account `id`. */
export type SaveOperator = { id: number | null; request: OperatorRequest };

export function saveOperator({ id, request }: SaveOperator): Promise<Operator> {
  return id === null
    ? apiRequest('/api/v1/operators/', { method: 'POST', body: request, schema: OperatorSchema })
    : apiRequest(`/api/v1/operators/${id}`, { method: 'PUT', body: request, schema: OperatorSchema });
}

/** Saves an account; its dialog shows a refusal itself. */
export function useSaveOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOperator,
    meta: { hasOwnErrorHandling: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsEndpoint.key }),
  });
}
