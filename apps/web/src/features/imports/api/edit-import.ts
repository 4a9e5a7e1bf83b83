import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportSchema, type EditImport, type Import } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { changeReviewsKey } from './get-change-review';
import { importQueryOptions } from './get-import';
import { importsKey } from './get-imports';

/** `PUT /api/v1/imports/{id}/`: the incoming requisites, and the SRO's outgoing ones. */
export function editImport(id: number, request: EditImport): Promise<Import> {
  return apiRequest(`/api/v1/imports/${id}/`, { method: 'PUT', body: request, schema: ImportSchema });
}

/** Saves an import's requisites; its dialog shows a refusal itself. */
export function useEditImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EditImport) => editImport(id, request),
    meta: { hasOwnErrorHandling: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(importQueryOptions(id).queryKey, saved);
      // The list shows the requisites too, and a row's review needs them as the basis of its changes.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...importsKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: changeReviewsKey(id) }),
      ]);
    },
  });
}
