import { z } from 'zod';

/** Looks through what wraps a field's own schema: optional, nullable, defaults, and codecs (their output). */
export function unwrapField(schema: z.ZodType): z.ZodType {
  let inner: z.ZodType = schema;
  for (;;) {
    if (
      inner instanceof z.ZodOptional ||
      inner instanceof z.ZodNullable ||
      inner instanceof z.ZodDefault ||
      inner instanceof z.ZodPrefault
    )
      inner = inner.unwrap() as z.ZodType;
    // A codec or a pipe checks its limits on the way out.
    else if (inner instanceof z.ZodPipe) inner = inner.out as z.ZodType;
    else return inner;
  }
}

/**
 * The most characters a shared request schema's text field accepts, for the form's counter: the limits are
 * declared once, in the contract, and read from there. Optional, nullable, default and codec wrappers are
 * looked through.
 */
export function maxLengthOf(schema: z.ZodType): number {
  const inner = unwrapField(schema);
  const max = inner instanceof z.ZodString ? inner.maxLength : null;
  if (max === null) throw new Error('The schema sets no maximum length');
  return max;
}
