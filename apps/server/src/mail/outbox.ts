import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mailJobs } from '../db/schema/index.js';

/*
 * The outbox: letters to send, kept in the database so that a letter is enqueued in the transaction of what
 * it tells, sent by one app process however many run, and still sent after a restart (docs/decisions.md,
 * «Mail»).
 */

export const MailJobStatus = { Waiting: 0, Sent: 1, Dropped: 2, Failed: 3 } as const;
export type MailJobKind = 'import-processed' | 'import-rejected' | 'deadline-digest';

export interface MailJob {
  id: number;
  kind: MailJobKind;
  accountId: number;
  importId: number | null;
  eventAt: Date;
  attempts: number;
}

/** How long a claimed letter is its process's to send: well past nodemailer's own timeouts. */
const CLAIM_MS = 10 * 60_000;
/** Attempts before a letter is given up: the waits between them (1, 2, 4 … 60 minutes) add up to 5 hours. */
export const MAX_ATTEMPTS = 10;

/** The wait after the `attempts`-th failed attempt: a minute, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

/** Letters put in the outbox: about an import, in its transaction; the morning digests, once a day. */
function enqueues(db: Db) {
  return {
    /**
     * In the caller's transaction, after the import's state change: a letter about it to each account of its
     * SRO. The event's moment is the import's own (`handled_at` or `rejected_at`), read in that transaction.
     */
    async enqueueForImport(tx: Db, kind: 'import-processed' | 'import-rejected', importId: number) {
      const eventAt = kind === 'import-processed' ? sql`i.handled_at` : sql`i.rejected_at`;
      await tx.execute(sql`
        insert into mail_jobs (kind, account_id, import_id, event_at)
        select ${kind}, a.id, i.id, ${eventAt}
        from imports i
        join accounts a on a.organization_id = i.organization_id
        where i.id = ${importId} and a.email_address <> ''
        order by a.id`);
    },

    /**
     * The morning digest of `day` to every operator who has not turned it off; one per operator and day
     * however many processes ask (the key is unique).
     */
    async enqueueDigests(day: string, now: Date) {
      await db.execute(sql`
        insert into mail_jobs (kind, account_id, event_at, next_attempt_at, dedupe_key)
        select 'deadline-digest', a.id, ${now}, ${now}, 'deadline-digest:' || ${day} || ':' || a.id
        from accounts a
        where a.organization_id is null and a.morning_digest and a.email_address <> ''
        order by a.id
        on conflict (dedupe_key) do nothing`);
    },
  };
}

/** A process's claims on letters due, and what became of each. */
function deliveries(db: Db) {
  return {
    /**
     * Claims up to `limit` letters due at `now` for this process: locked rows another process is claiming are
     * skipped, and a claim holds until its lease ends (a process that stopped mid-send leaves it to another).
     */
    async claimDue(now: Date, limit: number): Promise<MailJob[]> {
      const due = db
        .select({ id: mailJobs.id })
        .from(mailJobs)
        .where(
          and(
            eq(mailJobs.status, MailJobStatus.Waiting),
            lte(mailJobs.nextAttemptAt, now),
            or(isNull(mailJobs.claimedUntil), lt(mailJobs.claimedUntil, now)),
          ),
        )
        .orderBy(asc(mailJobs.nextAttemptAt), asc(mailJobs.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(mailJobs)
        .set({
          claimedUntil: new Date(now.getTime() + CLAIM_MS),
          attempts: sql`${mailJobs.attempts} + 1`,
        })
        .where(inArray(mailJobs.id, due))
        .returning({
          id: mailJobs.id,
          kind: mailJobs.kind,
          accountId: mailJobs.accountId,
          importId: mailJobs.importId,
          eventAt: mailJobs.eventAt,
          attempts: mailJobs.attempts,
        });
      return (claimed as MailJob[]).sort((a, b) => a.id - b.id);
    },

    async markSent(id: number, now: Date) {
      await db
        .update(mailJobs)
        .set({ status: MailJobStatus.Sent, sentAt: now, claimedUntil: null })
        .where(eq(mailJobs.id, id));
    },

    /** A letter not to send: what it would tell no longer holds, or there is nothing to tell. */
    async drop(id: number, why: string) {
      await db
        .update(mailJobs)
        .set({ status: MailJobStatus.Dropped, lastError: why, claimedUntil: null })
        .where(eq(mailJobs.id, id));
    },

    /** A failed attempt: tried again at `retryAt`, or given up when that is null. */
    async markFailed(id: number, error: string, retryAt: Date | null) {
      await db
        .update(mailJobs)
        .set({
          lastError: error,
          claimedUntil: null,
          ...(retryAt ? { nextAttemptAt: retryAt } : { status: MailJobStatus.Failed }),
        })
        .where(eq(mailJobs.id, id));
    },
  };
}

export function createOutbox(db: Db) {
  return { ...enqueues(db), ...deliveries(db) };
}

export type Outbox = ReturnType<typeof createOutbox>;
