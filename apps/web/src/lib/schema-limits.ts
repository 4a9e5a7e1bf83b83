import { z } from 'zod';

/**
 * The most characters a shared request schema's text field accepts, for the form's counter: the limits are
 * declared once, in the contract, and read from there. Optional and nullable wrappers are looked through.
 */
export function maxLengthOf(schema: z.ZodType): number {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  const max = inner instanceof z.ZodString ? inner.maxLength : null;
  if (max === null) throw new Error('The schema sets no maximum length');
  return max;
}
