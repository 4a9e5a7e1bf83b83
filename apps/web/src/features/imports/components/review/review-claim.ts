import { formatDateTime, type ChangeClaim } from '@registry/shared';
import { ApiError } from '@/lib/api-client';

/*
 * The operator's claim on the open row (docs/row-review.md «Несколько операторов и следующая запись»): the
 * row is theirs while the screen is open, another operator's claim makes it read-only, and a refusal because
 * someone else handled or holds the row is a lost race, said on the screen rather than in an error dialog.
 */

/** How often the screen renews its claim; a claim lasts 10 minutes (the server's CLAIM_MINUTES). */
export const RENEW_MS = 3 * 60_000;

/** How long a row left stays claimed, so that a screen opened again at once (another trainee to compare with) keeps it. */
export const RELEASE_DELAY_MS = 1_000;

/**
 * Where the open row stands: `mine` (claimed, or being claimed), `other` (another operator's live claim:
 * read-only), `lost` (taken or handled by someone else while open), `none` (not pending: nothing to claim).
 */
export type ClaimState = 'mine' | 'other' | 'lost' | 'none';

/** The state a row opens in, from its review: another operator's live claim makes it read-only. */
export function initialClaimState(isPending: boolean, claim: ChangeClaim | null): ClaimState {
  if (!isPending) return 'none';
  return claim && !claim.IsMine ? 'other' : 'mine';
}

/**
 * The refusals (409) of the server's review texts that mean another operator handled the row ('Эта запись
 * уже обработана оператором …') or holds it ('Эту запись сейчас обрабатывает …'): a race lost, not an error.
 */
const lostRacePattern = /^Эт[ау] запись (уже обработана|сейчас обрабатывает)/;

/** Whether a failed call lost the row to another operator; its message then says who. */
export function isLostRace(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && lostRacePattern.test(error.message);
}

/** 'HH:MM' of a moment, in Moscow time as every time of the registry. */
export function clockTime(iso: string): string {
  return formatDateTime(iso).slice(-5);
}

/*
 * A screen left lets its row go a moment later, unless a screen of the same row opens meanwhile (another
 * trainee to compare with, React's second mount in development): that one keeps the claim.
 */
const pendingReleases = new Map<string, ReturnType<typeof setTimeout>>();

/** Schedules `release` of the row under `key` after RELEASE_DELAY_MS. */
export function scheduleRelease(key: string, release: () => void) {
  cancelRelease(key);
  pendingReleases.set(
    key,
    setTimeout(() => {
      pendingReleases.delete(key);
      release();
    }, RELEASE_DELAY_MS),
  );
}

/** Keeps the row claimed: a release scheduled for it is called off. */
export function cancelRelease(key: string) {
  const timer = pendingReleases.get(key);
  if (timer === undefined) return;
  clearTimeout(timer);
  pendingReleases.delete(key);
}
