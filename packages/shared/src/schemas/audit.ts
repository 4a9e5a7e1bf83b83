import { z } from 'zod';
import {
  AuditAction,
  AuditRole,
  auditActions,
  auditObjectKinds,
  type AuditObjectKind,
} from '../enums/audit-actions.js';
import { texts } from '../texts.js';
import { IdSchema } from './common.js';
import { NamedRefSchema, nullableDate } from './fields.js';

/*
 * The audit journal (`GET /api/v1/audit`, `/audit/export`): who looked at, exported and changed personal
 * data, newest first, paged by a cursor (the last event shown) rather than by page numbers.
 */

/** Events a page of the journal shows. */
export const AUDIT_PAGE_SIZE = 50;

/** An optional id from a query: absent or empty means 'any'. */
const optionalId = z
  .union([z.literal(''), IdSchema])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const actionCodes = auditActions.values;

/** An action code from a query, or absent for any. */
const optionalAction = z
  .union([z.literal(''), z.coerce.number()])
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .refine(
    (value) => value === undefined || (actionCodes as number[]).includes(value),
    texts.auditUnknownAction,
  );

/**
 * The cursor of the next page: the time (milliseconds since 1970) and id of the last event shown, joined by
 * '_'. The journal keeps its times to the millisecond, so the cursor names the event exactly.
 */
export const AuditCursorSchema = z
  .string()
  .regex(/^\d{1,15}_[1-9]\d{0,15}$/, texts.auditBadCursor)
  .transform((value) => {
    const [at, id] = value.split('_').map(Number) as [number, number];
    return { at: new Date(at), id };
  });

/** Writes the cursor that reads the events after the given one. */
export const auditCursor = (event: { At: string; Id: number }) =>
  `${new Date(event.At).getTime()}_${event.Id}`;

const filterFields = {
  account: optionalId,
  action: optionalAction,
  org: optionalId,
  from: nullableDate.optional(),
  to: nullableDate.optional(),
};

const periodInOrder = (query: { from?: string | null | undefined; to?: string | null | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const periodReversed = { message: texts.periodReversed, path: ['to'] };

/** The journal's filters: the person, the action, the SRO and the period (Moscow days, both included). */
export const AuditFilterSchema = z.object(filterFields).refine(periodInOrder, periodReversed);
export type AuditFilter = z.output<typeof AuditFilterSchema>;

/** `?account&action&org&from&to&before`: a page of the journal, after the event `before` names. */
export const AuditQuerySchema = z
  .object({ ...filterFields, before: AuditCursorSchema.optional() })
  .refine(periodInOrder, periodReversed);
export type AuditQuery = z.input<typeof AuditQuerySchema>;

const objectKinds = Object.keys(auditObjectKinds) as [AuditObjectKind, ...AuditObjectKind[]];

/**
 * What an event notes beside its object; each key only where the action has it. A register change points to
 * the change protocol its save wrote (the history keeps the data, the journal only the reference).
 */
export const AuditDetailSchema = z.object({
  /** The change protocol written by a card save, an accepted row or its undo. */
  ProtocolId: z.number().int().optional(),
  /** The import and its row an action concerns (a file, an accepted or undone row). */
  ImportId: z.number().int().optional(),
  ChangeId: z.number().int().optional(),
  /** A downloaded file's name. */
  FileName: z.string().optional(),
  /** The day a card was opened as of (`?asOf=`). */
  AsOf: z.string().optional(),
  /** An export's filter as it was asked for, and whether it held every field. */
  Query: z.record(z.string(), z.string()).optional(),
  /** An account's properties changed: 'FullName', 'EmailAddress', 'Organization'. */
  Changed: z.array(z.string()).optional(),
  /** The login typed at a failed sign-in. */
  Login: z.string().optional(),
  /** How many trainees a pre-filled change file held, and the export's id its keys carry. */
  Rows: z.number().int().optional(),
  ExportId: z.string().optional(),
  /** Which part of an SRO's change file it was, of how many, when the SRO's trainees needed several. */
  Part: z.number().int().optional(),
  Parts: z.number().int().optional(),
});
export type AuditDetail = z.infer<typeof AuditDetailSchema>;

export const AuditEventSchema = z.object({
  Id: z.number().int(),
  /** ISO 8601, to the millisecond. */
  At: z.string(),
  /** The account that acted, with its name and login as they were then; none for an unknown login. */
  Account: z.object({ Id: z.number().int(), FullName: z.string(), Login: z.string() }).nullable(),
  Role: z.enum(AuditRole).nullable(),
  /** The SRO the action concerns, where it concerns one. */
  Organization: NamedRefSchema.nullable(),
  Action: z.enum(AuditAction),
  Object: z.object({ Kind: z.enum(objectKinds), Id: z.number().int() }).nullable(),
  /** The change protocol a register change wrote: its requisites, read from the history. */
  Protocol: z.object({ Id: z.number().int(), Number: z.string(), Date: z.string() }).nullable(),
  /** The client's address as the server saw it (`TRUST_PROXY`). */
  Address: z.string().nullable(),
  Detail: AuditDetailSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** A page of the journal and the cursor of the next one (null: no older events match). */
export const AuditPageSchema = z.object({ Results: z.array(AuditEventSchema), Next: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;
