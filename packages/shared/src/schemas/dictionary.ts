import { z } from 'zod';
import { IdSchema, pagedSchema, requiredText } from './common.js';

/** `{code}` of the dictionary routes; an unknown code is answered with 404, not a validation error. */
export const DictionaryParamsSchema = z.object({ code: z.string() });
export const DictionaryEntryParamsSchema = z.object({
  code: z.string(),
  id: IdSchema,
});

/** A value is unique within its dictionary ignoring case, spacing, quotes and ё/е (the server answers 409). */
export const DictionaryEntryRequestSchema = z.object({ Value: requiredText(500) });
export type DictionaryEntryRequest = z.infer<typeof DictionaryEntryRequestSchema>;

export const DictionaryEntrySchema = z.object({ Id: z.number().int(), Value: z.string() });
export type DictionaryEntry = z.infer<typeof DictionaryEntrySchema>;

export const DictionaryEntryListSchema = z.array(DictionaryEntrySchema);
export const DictionaryEntryPageSchema = pagedSchema(DictionaryEntrySchema);
