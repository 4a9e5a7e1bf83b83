import { z } from 'zod';
import { IdRefSchema, pagedSchema, requiredEmail, requiredText } from './common.js';

/** The switch of an operator's morning digest, on the accounts screen and in the digest itself. */
export const morningDigestLabel = 'Утренняя сводка о сроках импортов';

/**
 * An account. With an Organization it is that SRO's representative; without one (null or absent) it is an
 * operator. The e-mail is the login and is unique ignoring case (the server answers 409).
 */
export const OperatorRequestSchema = z.object({
  FullName: requiredText(300),
  EmailAddress: requiredEmail(200),
  Organization: IdRefSchema.nullish(),
  /**
   * An operator's morning e-mail of imports near or past their deadline; left out, it is on for a new account
   * and kept as it was on an edit.
   */
  MorningDigest: z.boolean().optional(),
});
export type OperatorRequest = z.infer<typeof OperatorRequestSchema>;

export const OperatorSchema = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  EmailAddress: z.string(),
  Organization: z.object({ Id: z.number().int(), Name: z.string() }).nullable(),
  MorningDigest: z.boolean(),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const OperatorPageSchema = pagedSchema(OperatorSchema);
