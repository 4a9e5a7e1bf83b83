import { texts, type ChangeReview, type Reject } from '@registry/shared';
import { ApiError } from '@/lib/api-client';
import { showErrorDialog } from '@/lib/error-dialog';
import { useRejectChange } from '../../api/reject-change';
import { useSubmitChange } from '../../api/submit-change';
import type { ReviewDialog } from './review-dialogs';
import { firstInvalidEntry, submitBody } from './review-model';
import type { ReviewState } from './use-review-state';

/** The row's trainee as the dialogs name them: the matched one, else the name the row gives. */
export function rowName(review: ChangeReview): string {
  if (review.Intern) return review.Intern.FullName;
  const person = review.PersonalInfo.New ?? review.PersonalInfo.Old;
  return [person?.LastName, person?.FirstName, person?.PatronymicName].filter(Boolean).join(' ');
}

/**
 * Saving and rejecting a row. An entry its section's schema refuses is opened in the card's form to be put
 * right rather than sent; a refused save says why under 'При сохранении произошла ошибка', with the problems
 * the server lists; each outcome opens its dialog.
 */
export function useReviewProcess(
  review: ChangeReview,
  importId: number,
  state: ReviewState,
  openDialog: (dialog: ReviewDialog) => void,
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
      openDialog({
        kind: 'done',
        outcome: { kind: 'saved', name: saved.Intern.FullName, progress: saved.Import },
      });
    } catch (error) {
      showErrorDialog(error, {
        title: texts.errorTitles.saveRow,
        details: error instanceof ApiError ? error.info : [],
      });
    }
  };

  const rejectRow = (request: Reject) =>
    reject.mutate(request, {
      onSuccess: (progress) =>
        openDialog({ kind: 'done', outcome: { kind: 'rejected', name: rowName(review), progress } }),
    });

  return { save, rejectRow, isSaving: submit.isPending, isRejecting: reject.isPending };
}
