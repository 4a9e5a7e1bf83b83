import { z } from 'zod';
import { texts } from '../texts.js';

/** A required text field: trimmed, non-empty, at most max characters, with the registry's Russian messages. */
export function requiredText(max: number) {
  return z.string({ error: texts.required }).trim().min(1, texts.required).max(max, texts.tooLong(max));
}

/** An optional text field: trimmed; an empty string is kept as empty. */
export function optionalText(max: number) {
  return z.string().trim().max(max, texts.tooLong(max));
}

/** A positive integer id from a route parameter or a body. */
export const IdSchema = z.coerce.number().int().positive();

/** `{ Id }` route parameters. */
export const IdParamsSchema = z.object({ id: IdSchema });

/** A page of results (0-based page numbers). */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    Page: z.number().int().min(0),
    TotalPages: z.number().int().min(0),
    Results: z.array(item),
  });
}
export type Paged<T> = { Page: number; TotalPages: number; Results: T[] };
