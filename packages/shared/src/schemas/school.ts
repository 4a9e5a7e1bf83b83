import { z } from 'zod';
import { pagedSchema, requiredText } from './common.js';

/** A school's name is unique ignoring case, spacing, quotes and ё/е (the server answers 409). */
export const SchoolRequestSchema = z.object({ Name: requiredText(500) });
export type SchoolRequest = z.infer<typeof SchoolRequestSchema>;

export const SchoolSchema = z.object({ Id: z.number().int(), Name: z.string() });
export type School = z.infer<typeof SchoolSchema>;

export const SchoolPageSchema = pagedSchema(SchoolSchema);
