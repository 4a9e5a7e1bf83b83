import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import type { ImportProgress } from '@registry/shared';
import { paths } from '@/config/paths';
import { allDoneText, remainingText, reviewTexts } from './review-texts';

/**
 * The way on takes the focus as it appears, so that Enter follows it: the next row, or back to the finished
 * import. (The dialog's content mounts after the dialog: an effect of the dialog would find no button yet.)
 */
const focusOnMount = (button: HTMLButtonElement | null) => button?.focus();

/** What was done to a row, and where the import stands after it. */
export type ReviewOutcome = { kind: 'saved' | 'rejected'; name: string; progress: ImportProgress };

type ReviewDoneDialogProps = { outcome: ReviewOutcome; onClose: () => void };

/**
 * 'Изменения успешно внесены' or 'Изменения успешно отклонены' (SPEC.md §2): the trainee's name and how many
 * rows are left, with 'Перейти к следующему' focused so that Enter goes on; or, when none are, that the
 * whole import is in the register.
 */
export function ReviewDoneDialog({ outcome, onClose }: ReviewDoneDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const { progress } = outcome;
  const next = progress.PendingCount > 0 ? progress.NextPending : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {outcome.kind === 'saved' ? reviewTexts.savedTitle : reviewTexts.rejectedTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ fontWeight: 500, color: 'text.primary', mb: 1 }}>
          {outcome.name}
        </DialogContentText>
        <DialogContentText>
          {next ? remainingText(progress.PendingCount) : allDoneText(progress.FileName)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          ref={next ? undefined : focusOnMount}
          onClick={() => void navigate(paths.importDetail.href(progress.Id))}
        >
          {reviewTexts.toImport}
        </Button>
        {next && (
          <Button
            variant="contained"
            ref={focusOnMount}
            onClick={() => void navigate(paths.importChange.href(progress.Id, next.Id))}
          >
            {reviewTexts.goNext}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
