import { z } from 'zod';

/** What the readiness probe checks, in the order it checks them. */
export const READINESS_CHECKS = ['database', 'migrations', 'uploads'] as const;

/** One check of the readiness probe; `skipped` when a check before it failed and this one could not run. */
export const ReadinessCheckSchema = z.object({
  Name: z.enum(READINESS_CHECKS),
  State: z.enum(['ok', 'failed', 'skipped']),
  /** In Russian: what was found, or what is wrong. */
  Message: z.string(),
});

/** The body of `GET /api/v1/ready`: 200 with `ready`, 503 with `not-ready` and the failed checks named. */
export const ReadinessSchema = z.object({
  Status: z.enum(['ready', 'not-ready']),
  Message: z.string(),
  Checks: z.array(ReadinessCheckSchema),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
export type ReadinessCheck = z.infer<typeof ReadinessCheckSchema>;
