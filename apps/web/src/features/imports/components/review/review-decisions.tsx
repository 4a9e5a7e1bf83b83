import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { texts, type ChangeReview } from '@registry/shared';
import { undecidedLabels, type ReviewField } from './review-fields';
import { registerRefusal } from './register-refusal';
import { identityPaths, type ReviewSectionKey } from './review-model';
import { SchoolChoice } from './review-school';
import { reviewTexts, saveBlockedText } from './review-texts';
import type { ReviewState } from './use-review-state';

type FieldsOf = (section: ReviewSectionKey) => ReviewField[];

/**
 * Why 'Сохранить' waits for the operator: a key of the register the row would take from another trainee, or
 * the decisions the row still lacks; null when none.
 */
export function saveBlockedReason(
  review: ChangeReview,
  state: ReviewState,
  fieldsOf: FieldsOf,
): string | null {
  const refusal = registerRefusal(review, state.decisions);
  if (refusal) return texts.rowRefusal(refusal.key, refusal.holder.FullName);
  const left = undecidedLabels(state.undecided, fieldsOf);
  if (state.decisions.isSchoolUndecided) left.push(reviewTexts.schoolDecision);
  return left.length > 0 ? saveBlockedText(left) : null;
}

type ReviewDecisionsProps = { state: ReviewState; fieldsOf: FieldsOf; unknownSchool: string | null };

/**
 * The file would change who the trainee is (issue #20): the register's values stay until the operator takes
 * the file's, field by field in the table or all at once here.
 */
function IdentityAlert({ state, fieldsOf }: ReviewDecisionsProps) {
  // A field both the file and the register changed since a download says so in its own alert.
  const identity = state.undecided.filter(({ path }) => (identityPaths as readonly string[]).includes(path));
  const fields = undecidedLabels(identity, fieldsOf);
  if (fields.length === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={state.takeAll}>
          {reviewTexts.takeAllFromFile}
        </Button>
      }
    >
      {reviewTexts.identityChanged(fields.join(', '))}
    </Alert>
  );
}

/** What the row waits for the operator to decide before it is saved: who the trainee is, and the school. */
export function ReviewDecisions(props: ReviewDecisionsProps) {
  return (
    <>
      <IdentityAlert {...props} />
      {props.unknownSchool && <SchoolChoice unknownSchool={props.unknownSchool} state={props.state} />}
    </>
  );
}
