import { z } from 'zod';

/** Body of every failed API call (DESIGN.md §3). */
export const ErrorBodySchema = z.object({
  ErrorMessage: z.string(),
  ErrorId: z.string(),
  Info: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
