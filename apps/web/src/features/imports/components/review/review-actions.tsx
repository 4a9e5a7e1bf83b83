import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { reviewTexts } from './review-texts';
import { shortcutKeys } from './review-shortcuts';

type ReviewActionsProps = {
  /** The row can be saved or rejected (it is pending, and its import is not rejected). */
  canProcess: boolean;
  /** Saving waits for the import's requisites and for the operator's decisions. */
  canSave: boolean;
  /** Why saving waits for the operator, said beside the button; null when it does not. */
  blockedReason: string | null;
  isSaving: boolean;
  hasNext: boolean;
  onSave: () => void;
  onReject: () => void;
  onNext: () => void;
};

/** The key beside a button's name, in the button's own colour: a faded one would be too faint to read. */
function Hint({ children }: { children: string }) {
  return (
    <Typography component="span" variant="caption" sx={{ ml: 1 }} aria-hidden>
      {children}
    </Typography>
  );
}

/** The review's footer: reject, go to the next row, save; each with its key beside it. */
export function ReviewActions({
  canProcess,
  canSave,
  blockedReason,
  isSaving,
  hasNext,
  onSave,
  onReject,
  onNext,
}: ReviewActionsProps) {
  const reasonId = useId();
  if (!canProcess && !hasNext) return null;
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        mt: 2,
        p: 1.5,
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        alignItems: 'center',
      }}
    >
      {canProcess && (
        <Button color="error" onClick={onReject} aria-keyshortcuts={shortcutKeys.reject.aria}>
          {reviewTexts.reject}
          <Hint>{shortcutKeys.reject.label}</Hint>
        </Button>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {hasNext && (
        <Button onClick={onNext} aria-keyshortcuts={shortcutKeys.next.aria}>
          {reviewTexts.next}
          <Hint>{shortcutKeys.next.label}</Hint>
        </Button>
      )}
      {canProcess && blockedReason && (
        <Typography id={reasonId} variant="body2" color="warning.dark">
          {blockedReason}
        </Typography>
      )}
      {canProcess && (
        <Button
          variant="contained"
          onClick={onSave}
          disabled={!canSave}
          aria-describedby={blockedReason ? reasonId : undefined}
          loading={isSaving}
          aria-keyshortcuts={shortcutKeys.save.aria}
        >
          {reviewTexts.save}
          <Hint>{shortcutKeys.save.label}</Hint>
        </Button>
      )}
    </Paper>
  );
}
