import { fullNameOf, texts, type ChangeReview, type Reject } from '@registry/shared';
import { ApiError } from '@/lib/api-client';
import { showErrorDialog } from '@/lib/error-dialog';
import { useRejectChange } from '../../api/reject-change';
import { useSubmitChange } from '../../api/submit-change';
import { isLostRace } from './review-claim';
import type { ReviewDialog } from './review-dialogs';
import type { ReviewOutcome } from './review-done-dialog';
import { firstInvalidEntry, submitBody } from './review-model';
import type { ReviewState } from './use-review-state';

/** The row's trainee as the dialogs name them: the matched one, else the name the row gives. */
export function rowName(review: ChangeReview): string {
  if (review.Intern) return review.Intern.FullName;
  const person = review.PersonalInfo.New ?? review.PersonalInfo.Old;
  return fullNameOf(person);
}

/** What becomes of a decision: done (the screen moves on), or lost to another operator. */
export type ProcessHandlers = {
  onDone: (outcome: ReviewOutcome) => void;
  onLost: (error: ApiError) => void;
};

/**
 * Saving and rejecting a row. An entry its section's schema refuses is opened in the card's form to be put
 * right rather than sent; a refused save says why under 'При сохранении произошла ошибка', with the problems
 * the server lists, a refused rejection under its own title. A row another operator handled or holds is
 * no error: `onLost` says who on the screen.
 */
export function useReviewProcess(
  review: ChangeReview,
  importId: number,
  state: ReviewState,
  openDialog: (dialog: ReviewDialog) => void,
  { onDone, onLost }: ProcessHandlers,
) {
  const submit = useSubmitChange(importId, review.ChangeId);
  const reject = useRejectChange(importId, review.ChangeId);

  const save = async () => {
    if (submit.isPending) return;
    const invalid = firstInvalidEntry(state.entries, state.decisions);
    if (invalid) {
      state.select(invalid.section);
      const current = state.decisions.results[invalid.key]!;
      return openDialog({ kind: 'correct', entry: invalid, current, isCheckedAtOnce: true });
    }
    try {
      const body = submitBody(review, state.entries, state.decisions);
      const saved = await submit.mutateAsync({ target: review.Intern?.Id ?? 'new', body });
      onDone({
        kind: 'saved',
        changeId: review.ChangeId,
        name: saved.Intern.FullName,
        progress: saved.Import,
      });
    } catch (error) {
      if (isLostRace(error)) return onLost(error);
      showErrorDialog(error, {
        title: texts.errorTitles.saveRow,
        details: error instanceof ApiError ? error.info : [],
      });
    }
  };

  const rejectRow = (request: Reject) =>
    reject.mutate(request, {
      onSuccess: (progress) =>
        onDone({ kind: 'rejected', changeId: review.ChangeId, name: rowName(review), progress }),
      onError: (error) =>
        isLostRace(error) ? onLost(error) : showErrorDialog(error, { title: texts.errorTitles.reject }),
    });

  return { save, rejectRow, isSaving: submit.isPending, isRejecting: reject.isPending };
}
