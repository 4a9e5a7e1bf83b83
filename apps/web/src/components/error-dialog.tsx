import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { texts } from '@registry/shared';
import type { ErrorDialogContent } from '@/lib/error-dialog';
import { closeErrorDialog, useErrorDialogState } from '@/lib/error-dialog';
import { paths } from '@/config/paths';

type ErrorDialogProps = {
  isOpen: boolean;
  content: ErrorDialogContent | null;
  onClose: () => void;
};

/** An error's title, text and code (docs/screens.md#the-error-dialog), with a close button. */
export function ErrorDialog({ isOpen, content, onClose }: ErrorDialogProps) {
  return (
    <Dialog
      open={isOpen && content !== null}
      onClose={onClose}
      aria-labelledby="error-dialog-title"
      maxWidth="sm"
    >
      {content && (
        <>
          <DialogTitle id="error-dialog-title">{content.title}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{content.text}</DialogContentText>
            {content.intern && (
              // A new tab, so that the form the refusal came from keeps what the operator typed.
              <Link
                href={paths.internCard.href(content.intern.Id)}
                target="_blank"
                rel="noopener"
                sx={{ display: 'inline-block', mt: 2 }}
              >
                {texts.openNamedIntern(content.intern.FullName)}
              </Link>
            )}
            {content.errorId && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {texts.errorCode}: {content.errorId}
              </Typography>
            )}
          </DialogContent>
        </>
      )}
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The app's one global error dialog, opened by showErrorDialog and by failed queries and mutations. */
export function GlobalErrorDialog() {
  const { isOpen, content } = useErrorDialogState();
  return <ErrorDialog isOpen={isOpen} content={content} onClose={closeErrorDialog} />;
}
