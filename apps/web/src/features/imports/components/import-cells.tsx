import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { rejectionsNote, statusText, timeLeft } from './import-format';

/** A second, smaller line under a cell's value. */
export function CellNote({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {children}
    </Typography>
  );
}

/** The time left to enter an import, in the error colour at a day or less. */
export function TimeLeftText({ status, expiresInDays }: { status: number; expiresInDays: number }) {
  const { text, isUrgent } = timeLeft(status, expiresInDays);
  return (
    <Typography component="span" variant="inherit" color={isUrgent ? 'error' : undefined}>
      {text}
    </Typography>
  );
}

/** The import's status, with how many rows were rejected when any were. */
export function StatusText({ status, rejectedCount }: { status: number; rejectedCount: number }) {
  const note = rejectionsNote(rejectedCount);
  return (
    <>
      {statusText(status)}
      {note && <CellNote>{note}</CellNote>}
    </>
  );
}
