import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { texts, type ChangeReview } from '@registry/shared';
import { internshipChoiceOf } from './internship-choice';
import { reviewTexts } from './review-texts';

export type ReviewInternshipChoiceProps = {
  review: ChangeReview;
  chosen: number | undefined;
  isEditable: boolean;
  onChoose: (internshipId: number) => void;
};

/**
 * On the internship section: that the row's internship merges several of the trainee's (IsCumulative), and
 * the choice of the one the row goes into, which opens the row again merged into it.
 */
export function ReviewInternshipChoice({
  review,
  chosen,
  isEditable,
  onChoose,
}: ReviewInternshipChoiceProps) {
  const choice = internshipChoiceOf(review, chosen);
  return (
    <>
      {choice.isCumulative && <Alert severity="warning">{texts.internshipNotices.IsCumulative}</Alert>}
      {choice.options.length > 0 && (
        <TextField
          select
          name="internship"
          label={reviewTexts.internshipChoice}
          helperText={reviewTexts.internshipChoiceHint}
          value={choice.chosen ?? ''}
          disabled={!isEditable}
          onChange={(event) => onChoose(Number(event.target.value))}
          sx={{ maxWidth: 560 }}
        >
          {choice.options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
