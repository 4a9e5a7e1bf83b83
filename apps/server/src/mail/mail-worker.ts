import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer.js';
import { MAX_ATTEMPTS, retryDelayMs, type MailJob, type Outbox } from './outbox.js';

/** What a job becomes when it is due: the letter to send, or why none is sent (`drop`). */
export type Letter = MailMessage | { drop: string };

export interface MailWorkerDeps {
  outbox: Outbox;
  mailer: Mailer;
  /** Writes the job's letter from what the database says now. */
  letterFor: (job: MailJob) => Promise<Letter>;
  /** The morning digest: from this hour (Moscow time) of each working day. */
  digest: { hour: number; isWorkingDay: (date: string) => Promise<boolean> };
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** How often a process looks for letters due and for the morning: a letter waits at most this long. */
const POLL_MS = 5_000;
/** Letters claimed at once: a few, so that several processes share a burst. */
const CLAIM_BATCH = 5;

/** The Moscow calendar day (yyyy-MM-dd) and hour of a moment; Moscow keeps UTC+3 all year. */
export function moscowDayAndHour(moment: Date): { day: string; hour: number } {
  const shifted = new Date(moment.getTime() + 3 * 3_600_000);
  return { day: shifted.toISOString().slice(0, 10), hour: shifted.getUTCHours() };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Sends the outbox's letters: `runOnce` enqueues the morning digests when their hour of a working day has
 * come and sends every letter due; `start` repeats it until `stop`. Every process runs one; the outbox's
 * claims keep a letter to one of them.
 */
export function createMailWorker(deps: MailWorkerDeps) {
  const { outbox, mailer, clock, log } = deps;
  let digestsEnqueuedFor: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | null = null;
  let stopped = false;

  async function send(job: MailJob) {
    try {
      const letter = await deps.letterFor(job);
      if ('drop' in letter) {
        await outbox.drop(job.id, letter.drop);
        log.info({ mailJob: job.id, kind: job.kind, reason: letter.drop }, 'mail dropped');
        return;
      }
      await mailer.send(letter);
    } catch (error) {
      const retryAt =
        job.attempts < MAX_ATTEMPTS ? new Date(clock().getTime() + retryDelayMs(job.attempts)) : null;
      await outbox.markFailed(job.id, errorText(error), retryAt);
      log.warn(
        { err: error, mailJob: job.id, kind: job.kind, attempts: job.attempts, retryAt },
        'mail not sent',
      );
      return;
    }
    await outbox.markSent(job.id, clock());
  }

  async function enqueueDigests() {
    const now = clock();
    const { day, hour } = moscowDayAndHour(now);
    if (hour < deps.digest.hour || digestsEnqueuedFor === day) return;
    if (await deps.digest.isWorkingDay(day)) await outbox.enqueueDigests(day, now);
    digestsEnqueuedFor = day;
  }

  /** Today's digests if due, then every letter due, a few claimed at a time; how many were handled. */
  async function runOnce(): Promise<number> {
    await enqueueDigests();
    let handled = 0;
    // A stopping process ends with the letters it has claimed, and claims no more.
    while (!stopped) {
      const jobs = await outbox.claimDue(clock(), CLAIM_BATCH);
      if (jobs.length === 0) return handled;
      for (const job of jobs) await send(job);
      handled += jobs.length;
    }
    return handled;
  }

  function tick() {
    round = runOnce()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'mail round failed'))
      .finally(() => {
        round = null;
        if (!stopped) timer = setTimeout(tick, POLL_MS);
      });
  }

  return {
    runOnce,
    /** Runs rounds until `stop`: the first at once, the next each a few seconds after the last ended. */
    start() {
      stopped = false;
      tick();
    },
    /** Stops the rounds, waiting for the one under way: a claimed letter is sent or released first. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
