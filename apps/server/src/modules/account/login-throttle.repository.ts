import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginAddresses, loginThrottles } from '../../db/schema/index.js';

/** A throttle key's failures as they stand, or null when it has none. */
export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
  nextAttemptAt: Date;
}

/** What to do with an attempt on a key: refuse it for so long, or count it and set the next attempt's time. */
export type ThrottleDecision = { refuseForMs: number } | ThrottleState;

/**
 * Counts an attempt on every key, as a failure until it is known to be none, or refuses it: `decide` sees
 * each key's row locked, so that attempts through any number of processes are counted one after another.
 * Nothing is counted when a key refuses. Answers the longest refusal, or null.
 */
async function claimAttempt(
  db: Db,
  keys: string[],
  now: Date,
  decide: (key: string, state: ThrottleState | null) => ThrottleDecision,
): Promise<{ refuseForMs: number } | null> {
  return db.transaction(async (tx) => {
    const counted: { key: string; set: ThrottleState }[] = [];
    let refuseForMs = 0;
    for (const key of [...keys].sort()) {
      await tx
        .insert(loginThrottles)
        .values({ key, failures: 0, lastFailureAt: now, nextAttemptAt: now })
        .onConflictDoNothing();
      const [row] = await tx.select().from(loginThrottles).where(eq(loginThrottles.key, key)).for('update');
      const decision = decide(key, row && row.failures > 0 ? row : null);
      if ('refuseForMs' in decision) refuseForMs = Math.max(refuseForMs, decision.refuseForMs);
      else counted.push({ key, set: decision });
    }
    if (refuseForMs > 0) return { refuseForMs };
    for (const { key, set } of counted) {
      await tx.update(loginThrottles).set(set).where(eq(loginThrottles.key, key));
    }
    return null;
  });
}

/** Login throttles and the addresses accounts signed in from (login-throttle.ts). */
export function createLoginThrottleRepository(db: Db) {
  return {
    claimAttempt: claimAttempt.bind(null, db),

    /** The attempt claimed on these keys was no failure: takes it back. */
    async unclaimAttempt(keys: string[]) {
      await db
        .update(loginThrottles)
        .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
        .where(inArray(loginThrottles.key, keys));
    },

    async clearThrottle(key: string) {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },

    /** Forgets the counts whose last failure is older than `before` and which hold nothing back any more. */
    async forgetThrottlesBefore(before: Date, now: Date) {
      await db
        .delete(loginThrottles)
        .where(and(lt(loginThrottles.lastFailureAt, before), lt(loginThrottles.nextAttemptAt, now)));
    },

    /** The account signed in from this address since `since`. */
    async isKnownAddress(accountId: number, address: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ accountId: loginAddresses.accountId })
        .from(loginAddresses)
        .where(
          and(
            eq(loginAddresses.accountId, accountId),
            eq(loginAddresses.address, address),
            gt(loginAddresses.lastLoginAt, since),
          ),
        );
      return row !== undefined;
    },

    /** Remembers that the account signed in from this address now, and forgets addresses unused since `before`. */
    async rememberAddress(accountId: number, address: string, now: Date, before: Date) {
      await db
        .insert(loginAddresses)
        .values({ accountId, address, lastLoginAt: now })
        .onConflictDoUpdate({
          target: [loginAddresses.accountId, loginAddresses.address],
          set: { lastLoginAt: now },
        });
      await db
        .delete(loginAddresses)
        .where(and(eq(loginAddresses.accountId, accountId), lt(loginAddresses.lastLoginAt, before)));
    },
  };
}

export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
