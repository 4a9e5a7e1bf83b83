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
import { finalText, reviewTexts } from './review-texts';
import type { DoneNote } from './use-move-on';

/**
 * The way on takes the focus as it appears, so that Enter follows it back to the import. (The dialog's
 * content mounts after the dialog: an effect of the dialog would find no button yet.)
 */
const focusOnMount = (button: HTMLButtonElement | null) => button?.focus();

/** What was done to a row, and where the import stands after it. */
export type ReviewOutcome = DoneNote & { progress: ImportProgress };

type ReviewDoneDialogProps = {
  outcome: ReviewOutcome;
  isUndoing: boolean;
  onUndo: () => void;
  onClose: () => void;
};

/**
 * The last decision of an import, when no free row is left (docs/screens.md#row-processing): 'Изменения
 * успешно внесены' or 'Изменения успешно отклонены', the trainee's name, and how many of the file's rows were
 * accepted and rejected (or that other operators hold the rest), with 'Отменить' for this decision and the
 * way back to the import focused.
 */
export function ReviewDoneDialog({ outcome, isUndoing, onUndo, onClose }: ReviewDoneDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const { progress } = outcome;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>
        {outcome.kind === 'saved' ? reviewTexts.savedTitle : reviewTexts.rejectedTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ fontWeight: 500, color: 'text.primary', mb: 1 }}>
          {outcome.name}
        </DialogContentText>
        <DialogContentText>{finalText(progress)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onUndo} loading={isUndoing}>
          {reviewTexts.undo}
        </Button>
        <Button
          variant="contained"
          ref={focusOnMount}
          onClick={() => void navigate(paths.importDetail.href(progress.Id))}
        >
          {reviewTexts.toImport}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
