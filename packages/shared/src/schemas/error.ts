import { z } from 'zod';

/** Body of every failed API call (docs/api.md#errors). */
export const ErrorBodySchema = z.object({
  ErrorMessage: z.string(),
  ErrorId: z.string(),
  Info: z.array(z.string()).optional(),
  /** The trainee a refusal names (the holder of a SNILS or an internship number), for a link on screen. */
  Intern: z.object({ Id: z.number().int(), FullName: z.string() }).optional(),
  /** The earlier import a refused upload repeats (the same file for the same SRO). */
  Import: z.object({ Id: z.number().int(), ImportedAt: z.string() }).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
