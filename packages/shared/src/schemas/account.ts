import { z } from 'zod';
import { texts } from '../texts.js';

export const LoginRequestSchema = z.object({
  Id: z.string({ error: texts.required }).trim().min(1, texts.required).max(200, texts.tooLong(200)),
  Password: z.string({ error: texts.required }).min(1, texts.required).max(200, texts.tooLong(200)),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const SessionOrganizationSchema = z.object({ Id: z.number().int(), Name: z.string() });

/** Who the caller is: the web app decides menus and guards from this. */
export const SessionInfoSchema = z.object({
  IsAuthenticated: z.boolean(),
  IsOperator: z.boolean(),
  Organization: SessionOrganizationSchema.nullable(),
  FullName: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** Counters shown as badges in the operator menu. */
export const AccountStatsSchema = z.object({
  InternsCount: z.number().int().min(0),
  PendingImportsCount: z.number().int().min(0),
});
export type AccountStats = z.infer<typeof AccountStatsSchema>;
