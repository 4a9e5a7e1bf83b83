import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showErrorDialog } from '@/lib/error-dialog';
import { afterDecision } from '../../api/after-decision';
import { changeReviewKey } from '../../api/get-change-review';
import { putBackChange, putBackErrorTitles, type PutBackAction } from '../../api/put-back-change';
import type { DoneNote } from './use-move-on';

/** How a decision is taken back: an accept is undone, a rejection returned. */
export const putBackOf = (done: DoneNote): PutBackAction => (done.kind === 'saved' ? 'undo' : 'return');

/**
 * 'Отменить' of the confirmation: the row just accepted is undone ('Отменить внесение'), the row just
 * rejected returned ('Вернуть в обработку'), and it opens again, read afresh. A refusal (the trainee changed
 * since) opens the error dialog under the put-back's title.
 */
export function useUndoDecision(importId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (done: DoneNote) => putBackChange(importId, done.changeId, putBackOf(done)),
    meta: { hasOwnErrorHandling: true },
    onError: (error, done) => showErrorDialog(error, { title: putBackErrorTitles[putBackOf(done)] }),
    onSuccess: async (_progress, done) => {
      afterDecision(queryClient, { touchesInterns: done.kind === 'saved' });
      // The row may be the one on the screen (the last of the import): it is read again, not shown as it was.
      await queryClient.resetQueries({ queryKey: changeReviewKey(importId, done.changeId) });
      await navigate(paths.importChange.href(importId, done.changeId));
    },
  });
}
