import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useEffectEvent, useState } from 'react';
import { clockTime } from './review-claim';
import { isUndoKey, shortcutKeys } from './review-shortcuts';
import { claimedText, doneText, reviewTexts } from './review-texts';
import type { DoneNote } from './use-move-on';
import type { RowClaim } from './use-row-claim';

/** How long the confirmation of the previous row offers 'Отменить'. */
export const UNDO_MS = 8_000;

type ClaimNoticesProps = { claim: RowClaim; notice: string | null };

/**
 * Another operator's claim on the row ('Обрабатывает … до 14:32 МСК', with 'Забрать'), and what the screen
 * has to say about moving on: a race lost to another operator, no free row left.
 */
export function ClaimNotices({ claim, notice }: ClaimNoticesProps) {
  const { holder } = claim;
  return (
    <>
      {claim.state === 'other' && holder && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void claim.takeOver()}
              loading={claim.isTakingOver}
            >
              {reviewTexts.takeOver}
            </Button>
          }
        >
          {claimedText(holder.OperatorName, clockTime(holder.Until))}
        </Alert>
      )}
      {notice && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
    </>
  );
}

type DoneSnackbarProps = { done: DoneNote; isUndoing: boolean; onUndo: (done: DoneNote) => void };

/**
 * The short confirmation of the previous row's decision, with 'Отменить' for a few seconds, also by Ctrl+Z:
 * a click away, the button is a dozen Tabs away from the keyboard.
 */
export function DoneSnackbar({ done, isUndoing, onUndo }: DoneSnackbarProps) {
  const [isOpen, setIsOpen] = useState(true);
  const handleKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!isUndoKey(event) || event.defaultPrevented || isUndoing) return;
    event.preventDefault();
    onUndo(done);
  });
  useEffect(() => {
    if (!isOpen) return;
    const listener = (event: KeyboardEvent) => handleKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [isOpen]);

  return (
    <Snackbar
      open={isOpen}
      autoHideDuration={isUndoing ? null : UNDO_MS}
      // A click elsewhere on the screen is the next row's work, not an answer to the confirmation.
      onClose={(_event, reason) => reason !== 'clickaway' && setIsOpen(false)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: { xs: 96, sm: 96 } }}
    >
      <Alert
        severity="success"
        variant="filled"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => onUndo(done)}
            loading={isUndoing}
            aria-keyshortcuts={shortcutKeys.undo.aria}
            title={shortcutKeys.undo.label}
          >
            {reviewTexts.undo}
          </Button>
        }
      >
        {doneText(done.kind, done.name)}
      </Alert>
    </Snackbar>
  );
}
