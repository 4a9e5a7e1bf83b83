import { z } from 'zod';
import { isIsoDate } from '../format/dates.js';
import { formatSnils, isValidSnils, snilsDigits } from '../format/snils.js';
import { texts } from '../texts.js';
import { clientText, dbInt } from './common.js';

/*
 * Field schemas of the trainee contract. Each one normalises on the way in (trim, empty → null, digits in
 * any formatting → the mask) as a zod codec, so that the same schema validates a request, serializes a
 * response (Fastify's serializer encodes) and drives a web form.
 */

const emptyToNull = (value: string | null | undefined) => {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
};

function normalised<Out extends z.ZodType<string | null, string | null>>(
  output: Out,
  decode: (value: string | null) => z.input<Out>,
) {
  return z.codec(clientText().nullish(), output, {
    decode: (value) => decode(emptyToNull(value)),
    encode: (value) => value,
  });
}

const keep = <T>(value: T) => value;
// A required field decodes an empty value to '' so that the output schema reports it as required.
const orEmpty = (value: string | null) => value ?? '';

/** Free text that may be left empty: spaces folded, trimmed, empty becomes null. */
export function nullableText(max: number) {
  return normalised(z.string().max(max, texts.tooLong(max)).nullable(), keep);
}

/** Text that must be filled in. */
export function filledText(max: number) {
  return normalised(z.string().min(1, texts.required).max(max, texts.tooLong(max)), orEmpty);
}

const NAME_PATTERN = /^[\p{L}][\p{L}\s'’-]*$/u;

const nameOutput = z.string().max(100, texts.tooLong(100)).regex(NAME_PATTERN, texts.invalidName);

/** A person's name part that must be filled in: letters, spaces, hyphens and apostrophes. */
export const requiredPersonName = normalised(z.string().min(1, texts.required).pipe(nameOutput), orEmpty);

/** A person's name part that may be empty (a patronymic). */
export const nullablePersonName = normalised(nameOutput.nullable(), keep);

/** A date value `yyyy-MM-dd`, or null. */
export const nullableDate = normalised(z.string().refine(isIsoDate, texts.invalidDate).nullable(), keep);

/** A time `HH:mm`, or null. */
export const nullableTime = normalised(
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, texts.invalidTime)
    .nullable(),
  keep,
);

/** A SNILS: 11 digits in any formatting, stored as `###-###-### ##`, with a valid check number. */
export const nullableSnils = normalised(
  z
    .string()
    .regex(/^\d{3}-\d{3}-\d{3} \d{2}$/, { message: texts.invalidSnilsFormat, abort: true })
    .refine((value) => isValidSnils(value.replace(/\D/g, '')), texts.invalidSnilsChecksum)
    .nullable(),
  (value) => {
    const digits = value === null ? null : snilsDigits(value);
    return digits ? formatSnils(digits) : value;
  },
);

/** Digits in any formatting written into a mask of `#` (passport series `## ##`, number `### ###`). */
export function maskedDigits(mask: string, message: string) {
  const count = mask.split('#').length - 1;
  const pattern = new RegExp(`^${mask.replace(/#/g, '\\d').replace(/ /g, ' ')}$`);
  return normalised(z.string().regex(pattern, message).nullable(), (value) => {
    const digits = value?.replace(/\D/g, '') ?? null;
    if (digits === null || digits.length !== count) return value;
    let i = 0;
    return mask.replace(/#/g, () => digits[i++]!);
  });
}

/** An e-mail address, or null. */
export function nullableEmail(max = 200) {
  return normalised(z.string().max(max, texts.tooLong(max)).email(texts.invalidEmail).nullable(), keep);
}

/** A yes/no flag; absent means no. */
export const flag = z.boolean().default(false);

/** A whole number ≥ 0, or null. */
export const nullableCount = z
  .number()
  .int(texts.wholeNumber)
  .min(0, texts.wholeNumber)
  .nullable()
  .default(null);

/** A reference to a named row of another table: an SRO, a school. */
export const NamedRefSchema = z.object({ Id: dbInt().positive(), Name: z.string() });
export type NamedRef = z.infer<typeof NamedRefSchema>;

/** A reference to a dictionary entry: an address, a termination reason. */
export const DictionaryRefSchema = z.object({ Id: dbInt().positive(), Value: z.string() });
export type DictionaryRef = z.infer<typeof DictionaryRefSchema>;
