import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportProgressSchema, type ImportProgress } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshCounters } from '@/lib/counters';
import { internsKey } from '@/lib/query-keys';
import { importsKey } from './get-imports';

/** 'return' of a rejected row, 'undo' of an accepted one. */
export type PutBackAction = 'return' | 'undo';

export const putBackErrorTitles: Record<PutBackAction, string> = {
  return: 'При возврате записи в обработку произошла ошибка',
  undo: 'При отмене внесения произошла ошибка',
};

/**
 * `POST /api/v1/imports/{id}/changes/{change}/return` or `/undo`: a handled row back to pending; an undo
 * restores the trainee's values before the accept.
 */
export function putBackChange(
  importId: number,
  changeId: number,
  action: PutBackAction,
): Promise<ImportProgress> {
  return apiRequest(`/api/v1/imports/${importId}/changes/${changeId}/${action}`, {
    method: 'POST',
    schema: ImportProgressSchema,
  });
}

/**
 * Puts a row back; a refusal (409: handled by someone else, the trainee changed since) opens the global
 * error dialog with the server's reason. Either way the import, the trainees and the menu's counters are
 * read again, since a refusal usually means they changed.
 */
export function usePutBackChange(importId: number, action: PutBackAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) => putBackChange(importId, changeId, action),
    meta: { errorTitle: putBackErrorTitles[action] },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: importsKey });
      if (action === 'undo') void queryClient.invalidateQueries({ queryKey: internsKey });
      void refreshCounters(queryClient);
    },
  });
}
