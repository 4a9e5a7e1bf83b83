import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AS_OF_PARAM } from '../as-of';

/** The state a navigation carries when the card itself leaves after saving (a new trainee gets its id). */
export const savedNavigation = { isSaved: true } as const;

/**
 * The card a location shows ('/interns/5', or '/interns/5?asOf=2026-03-05' as of a day); its sections are the
 * same card, and the card as of a day is another, which the editor gives way to.
 */
const cardOf = (location: Location) =>
  `${location.pathname.split('/').slice(0, 3).join('/')}?${new URLSearchParams(location.search).get(AS_OF_PARAM) ?? ''}`;

/**
 * Asks before the operator leaves a card with unsaved changes: another screen of the app through the router,
 * or closing and reloading the tab through the browser's own question.
 */
export function LeaveGuard({ isModified }: { isModified: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isModified &&
      cardOf(currentLocation) !== cardOf(nextLocation) &&
      (nextLocation.state as typeof savedNavigation | null)?.isSaved !== true,
  );

  useEffect(() => {
    if (!isModified) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isModified]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title="Несохранённые изменения"
      confirmLabel="Покинуть карточку"
      onConfirm={() => blocker.proceed()}
      onClose={() => blocker.reset()}
    >
      В карточке есть несохранённые изменения. Если покинуть её, они будут потеряны.
    </ConfirmDialog>
  );
}
