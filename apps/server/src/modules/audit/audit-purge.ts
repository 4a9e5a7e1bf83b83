import type { FastifyBaseLogger } from 'fastify';

const DAY_MS = 86_400_000;

/**
 * Runs the journal's retention purge now and then once a day, until stopped. Every process of a cluster runs
 * it; the purge itself lets one at a time delete (an advisory lock) and deleting what is gone already is
 * nothing, so the runs need no coordination. A failure is logged and tried again the next day.
 */
export function scheduleAuditPurge(
  purge: () => Promise<number>,
  log: FastifyBaseLogger,
  intervalMs: number = DAY_MS,
) {
  const run = () => {
    purge().then(
      (deleted) => {
        if (deleted > 0) log.info({ deleted }, 'audit journal: events past the retention deleted');
      },
      (error: unknown) => log.error({ err: error }, 'audit journal: the retention purge failed'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  // The purge never keeps the process alive on its own.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
