import { z } from 'zod';
import { MAX_LIST_PAGES } from '../format/search.js';
import { texts } from '../texts.js';

/**
 * Text a client sends: any, but the NUL character (U+0000), which PostgreSQL cannot store and no honest text
 * holds. Every text field of the contract starts from it (the server also refuses it in paths and queries).
 */
export const clientText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !value.includes('\u0000'), { error: texts.nulCharacter, abort: true });

/** A required text field: trimmed, non-empty, at most max characters, with the registry's Russian messages. */
export function requiredText(max: number) {
  return clientText({ error: texts.required }).trim().min(1, texts.required).max(max, texts.tooLong(max));
}

/** An optional text field: trimmed; an empty string is kept as empty. */
export function optionalText(max: number) {
  return clientText().trim().max(max, texts.tooLong(max));
}

/** The largest id a table's integer key holds. */
export const MAX_ID = 2_147_483_647;

/** A whole number that fits the database's integer columns: larger ones are refused, not a server error. */
export const dbInt = () => z.number().int().min(-MAX_ID, texts.invalidId).max(MAX_ID, texts.invalidId);

/**
 * A positive integer id from a route parameter or a body: a number, or plain decimal digits. `0x0a`, `1e1`
 * and `010` are not another way of writing 10.
 */
export const IdSchema = z
  .union([z.number(), z.string()], { error: texts.invalidId })
  .refine(
    (value) =>
      typeof value === 'number'
        ? Number.isInteger(value) && value > 0 && value <= MAX_ID
        : /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID,
    texts.invalidId,
  )
  .transform(Number);

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

const isEmail = (value: string) => z.regexes.email.test(value);

/** A required e-mail address: trimmed, non-empty, at most max characters, well-formed. */
export function requiredEmail(max: number) {
  return z
    .string({ error: texts.required })
    .trim()
    .min(1, { error: texts.required, abort: true })
    .max(max, texts.tooLong(max))
    .refine(isEmail, texts.invalidEmail);
}

/** An optional e-mail address: empty, or well-formed and at most max characters. */
export function optionalEmail(max: number) {
  return z
    .string()
    .trim()
    .max(max, texts.tooLong(max))
    .refine((value) => value === '' || isEmail(value), texts.invalidEmail);
}

/** The last page a list may be asked for: beyond it a list is searched, not paged through. */
export const MAX_PAGE = 100_000;

/** A 0-based page number from a query: plain decimal digits, at most `MAX_PAGE`. */
export const PageNumberSchema = z
  .union([z.number(), z.string()], { error: texts.invalidPage })
  .refine(
    (value) =>
      typeof value === 'number'
        ? Number.isInteger(value) && value >= 0 && value <= MAX_PAGE
        : /^(|0|[1-9]\d{0,5})$/.test(value) && Number(value) <= MAX_PAGE,
    texts.invalidPage,
  )
  .transform(Number)
  .default(0);

/**
 * `?page=` of a list paged through its first `MAX_LIST_PAGES` pages only (the trainee list, the documents):
 * beyond them it is searched, not walked through, and no page costs more than the last one shown. The
 * refusal says what narrows this list's query (`texts.narrowTrainees`, `texts.narrowDocuments`).
 */
export const cappedPageNumber = (narrowBy: string) =>
  PageNumberSchema.refine((page) => page < MAX_LIST_PAGES, texts.listPagesBeyond(MAX_LIST_PAGES, narrowBy));

/**
 * A page of such a list. It counts only as far as its pagination shows, so that a list of a million costs no
 * more than one of a thousand: `TotalPages` is exact unless `HasMore` says there are pages beyond it.
 */
export function cappedPagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    Page: z.number().int().min(0),
    TotalPages: z.number().int().min(0),
    HasMore: z.boolean(),
    /** More match than the list pages through (`MAX_LIST_PAGES`): the query should be narrowed. */
    IsCapped: z.boolean(),
    Results: z.array(item),
  });
}
export type CappedPaged<T> = Paged<T> & { HasMore: boolean; IsCapped: boolean };

/** `?page=` of a paged list. */
export const PageQuerySchema = z.object({ page: PageNumberSchema });

/** `?term=&page=` of every search list: the term is optional, pages are 0-based. */
export const SearchQuerySchema = z.object({
  term: clientText().trim().max(500, texts.tooLong(500)).optional(),
  page: PageNumberSchema,
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** A reference to another record by its id, as `{ Id }`; other properties the client sends are ignored. */
export const IdRefSchema = z.object({ Id: dbInt().positive() });
