import { texts } from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import type { LoginThrottleRepository } from './login-throttle.repository.js';

/** The login throttle's settings (config.ts: LOGIN_*). */
export interface LoginThrottleSettings {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** An address an account signed in from this recently lets the right password through whatever else fails. */
const KNOWN_ADDRESS_MS = 90 * 24 * 3_600_000;

/**
 * How long the attempt after `failures` failures waits: nothing up to `max`, then the first delay, doubling
 * with each further failure up to the longest.
 */
export function loginDelayMs(failures: number, max: number, throttle: LoginThrottleSettings): number {
  if (failures < max) return 0;
  return Math.min(throttle.maxDelayMs, throttle.firstDelayMs * 2 ** Math.min(failures - max, 30));
}

/**
 * The keys an attempt is counted on, each with its number of free failures. From an address the account has
 * signed in from: that account there alone, so that neither failures on the account elsewhere nor other
 * accounts' failures from a shared address (a NAT) hold its owner back. From any other: the account from
 * everywhere (a ceiling on guessing one password from many addresses) and the address on every account.
 */
function throttleKeys(email: string, address: string, known: boolean, throttle: LoginThrottleSettings) {
  if (known) return new Map([[`pair:${email}|${address}`, throttle.maxPerAccount]]);
  return new Map([
    [`account:${email}`, throttle.maxPerAccount],
    [`address:${address}`, throttle.maxPerAddress],
  ]);
}

/**
 * Counts a login attempt on its keys before the password is checked, or refuses it with 429 and how long to
 * wait. Past a key's free failures each attempt waits a growing delay: a slow-down, never a lockout, and a
 * count is forgotten after a quiet window (docs/decisions.md).
 */
export async function claimLoginAttempt(
  repo: LoginThrottleRepository,
  throttle: LoginThrottleSettings,
  attempt: { email: string; address: string; account: { id: number } | null; now: Date },
) {
  const { address, account, now } = attempt;
  const login = attempt.email.trim().toLowerCase();
  await repo.forgetThrottlesBefore(new Date(now.getTime() - throttle.windowMs), now);
  const knownSince = new Date(now.getTime() - KNOWN_ADDRESS_MS);
  const known = account !== null && (await repo.isKnownAddress(account.id, address, knownSince));
  const keys = throttleKeys(login, address, known, throttle);
  const refused = await repo.claimAttempt([...keys.keys()], now, (key, state) => {
    const max = keys.get(key) ?? 0;
    const failures =
      state && state.lastFailureAt.getTime() > now.getTime() - throttle.windowMs ? state.failures : 0;
    if (state && failures >= max && state.nextAttemptAt > now) {
      return { refuseForMs: state.nextAttemptAt.getTime() - now.getTime() };
    }
    const delay = loginDelayMs(failures + 1, max, throttle);
    return { failures: failures + 1, lastFailureAt: now, nextAttemptAt: new Date(now.getTime() + delay) };
  });
  if (refused) {
    throw new AppError(429, texts.loginThrottled, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(refused.refuseForMs / 1000))),
    });
  }
  return {
    /** The password was right: the attempt was no failure, and the address becomes one the account uses. */
    async succeeded(accountId: number) {
      await repo.unclaimAttempt([...keys.keys()]);
      await repo.clearThrottle(`pair:${login}|${address}`);
      await repo.rememberAddress(accountId, address, now, knownSince);
    },
  };
}
