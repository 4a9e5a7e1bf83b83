import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showErrorDialog } from '@/lib/error-dialog';
import { nextChange } from '../../api/change-claims';

/** A decision the next row's screen confirms, with 'Отменить' for a few seconds. */
export type DoneNote = { kind: 'saved' | 'rejected'; changeId: number; name: string };

/** What the next row's screen says as it opens: the decision on the previous row, or why the screen moved. */
export type ArrivalNote = { notice?: string; done?: DoneNote };

/** The note a row was opened with (the router's location state), if any. */
export function arrivalNoteOf(state: unknown): ArrivalNote {
  if (state === null || typeof state !== 'object') return {};
  return state as ArrivalNote;
}

/**
 * Moving on from a row: the next free pending row after it in file order (wrapping, skipping rows other
 * operators hold) is claimed and opened, carrying `note`. Resolves 'none' when no row is free, 'failed' when
 * the server refused (said in the error dialog).
 */
export function useMoveOn(importId: number, changeId: number) {
  const navigate = useNavigate();
  const [isMoving, setIsMoving] = useState(false);

  const moveOn = async (note: ArrivalNote = {}): Promise<'moved' | 'none' | 'failed'> => {
    setIsMoving(true);
    try {
      const next = await nextChange(importId, changeId);
      if (!next) return 'none';
      await navigate(paths.importChange.href(importId, next.Id), { state: note });
      return 'moved';
    } catch (error) {
      showErrorDialog(error);
      return 'failed';
    } finally {
      setIsMoving(false);
    }
  };

  return { moveOn, isMoving };
}
