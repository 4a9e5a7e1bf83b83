import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InternSchema, texts, type Intern } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterChange } from './save-intern';

/** Deletes a trainee (hidden from search and export, reversible) or restores one. */
export function setInternDeleted({ id, isDeleted }: { id: number; isDeleted: boolean }): Promise<Intern> {
  return isDeleted
    ? apiRequest(`/api/v1/interns/${id}`, { method: 'DELETE', schema: InternSchema })
    : apiRequest(`/api/v1/interns/${id}/restore`, { method: 'POST', schema: InternSchema });
}

/**
 * Deletes (`isDeleted`) or restores trainees, with the title of each failure
 * (docs/screens.md#titles-by-operation).
 */
export function useSetInternDeleted(isDeleted: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => setInternDeleted({ id, isDeleted }),
    meta: { errorTitle: isDeleted ? texts.errorTitles.remove : texts.errorTitles.restore },
    onSuccess: (intern) => refreshAfterChange(queryClient, intern),
  });
}
