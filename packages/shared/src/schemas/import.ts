import { z } from 'zod';
import { texts } from '../texts.js';
import { IdSchema, MAX_ID, PageNumberSchema, pagedSchema } from './common.js';
import { NamedRefSchema, nullableDate, nullableText } from './fields.js';

/** A stored file as the import screens show it. */
export const ImportFileSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Size: z.number().int(),
  /** The extension the name claims; `Extension` is what the content is. */
  NominalExtension: z.string(),
  Extension: z.string(),
});
export type ImportFile = z.infer<typeof ImportFileSchema>;

const RequisitesOutSchema = z.object({ Number: z.string().nullable(), Date: z.string().nullable() });

const ImportedBySchema = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  Organization: NamedRefSchema.nullable(),
});

const importBase = {
  Id: z.number().int(),
  Organization: NamedRefSchema,
  ImportedBy: ImportedBySchema,
  ImportedAt: z.string(),
  FileName: z.string(),
  File: ImportFileSchema,
  Status: z.number().int(),
  RowCount: z.number().int(),
  PendingCount: z.number().int(),
  RejectedCount: z.number().int(),
  /** Rows that said what the register holds: neither waiting nor accepted (ChangeStatus.Unchanged). */
  UnchangedCount: z.number().int(),
  Requisites: RequisitesOutSchema,
  OrganizationRequisites: RequisitesOutSchema,
  /** Days left to enter the changes, rounded up; 0 or less is overdue. */
  ExpiresInDays: z.number().int(),
  DeadlineAt: z.string(),
};

/** A row of the import list. */
export const ImportListItemSchema = z.object(importBase);
export type ImportListItem = z.infer<typeof ImportListItemSchema>;

const ChangeRowSchema = z.object({
  Id: z.number().int(),
  RowNumber: z.number().int(),
  FullName: z.string(),
  Snils: z.string().nullable(),
});

/**
 * A letter to one of the SRO's representatives about the import (processed, or rejected as a whole), as the
 * outbox holds it: `waiting` to be sent (again at `NextAttemptAt` after a failure, whose message is
 * `LastError`), `sent`, `dropped` (the import changed before it went: a newer letter says what holds), or
 * `failed` for good after the last attempt.
 */
export const ImportMailSchema = z.object({
  FullName: z.string(),
  EmailAddress: z.string(),
  Kind: z.enum(['processed', 'rejected']),
  Status: z.enum(['waiting', 'sent', 'dropped', 'failed']),
  Attempts: z.number().int(),
  SentAt: z.string().nullable(),
  NextAttemptAt: z.string().nullable(),
  LastError: z.string().nullable(),
});
export type ImportMail = z.infer<typeof ImportMailSchema>;

/**
 * Which of an import's rows `GET /imports/{id}/changes?state=` shows: `pending` waiting, `claimed` waiting
 * with an operator working on it now (a claim not expired), `conflicting` waiting where a pre-filled file and
 * the register both changed a cell since the download («Конфликт»), `finished` accepted, `rejected`,
 * `unchanged` saying what the register holds (no one's work); none: every row.
 */
export const changeStates = [
  'pending',
  'claimed',
  'conflicting',
  'finished',
  'rejected',
  'unchanged',
] as const;
export type ChangeState = (typeof changeStates)[number];

/**
 * Which waiting rows `?match=` shows by how the review would find each one's trainee: by `snils`, by
 * `fullName` and birth date, `none` (a new one); `conflict`: another trainee holds its internship number in
 * the import's SRO. A match is known of waiting rows only: with one, no handled row is shown.
 */
export const changeMatches = ['snils', 'fullName', 'none', 'conflict'] as const;
export type ChangeMatch = (typeof changeMatches)[number];

/**
 * `?state=&match=&page=` of an import's rows; an empty parameter shows every row. `match` is the operators'
 * (a representative asking by it is refused: its counts would tell the SRO who the register holds).
 */
export const ImportChangesQuerySchema = z.object({
  state: z
    .enum([...changeStates, ''])
    .optional()
    .transform((value) => value || undefined),
  match: z
    .enum([...changeMatches, ''])
    .optional()
    .transform((value) => value || undefined),
  page: PageNumberSchema,
});
export type ImportChangesQuery = z.output<typeof ImportChangesQuerySchema>;

/**
 * A waiting row: `ClaimedBy` names the operator working on it now (a claim not expired). `Match` and
 * `HasConflict` are the register's matching, the operators' alone: a representative's rows leave them out, as
 * they would tell the SRO who the register holds.
 */
export const PendingChangeSchema = ChangeRowSchema.extend({
  State: z.literal('pending'),
  ClaimedBy: z.string().nullable(),
  Match: z.enum(['snils', 'fullName', 'none']).optional(),
  HasConflict: z.boolean().optional(),
});
export type PendingChange = z.infer<typeof PendingChangeSchema>;

/**
 * A row accepted into the register: the trainee it went to (for operators only: the register's record, not
 * the SRO's row), who accepted it and when.
 */
export const FinishedChangeSchema = ChangeRowSchema.extend({
  State: z.literal('finished'),
  InternId: z.number().int().nullable().optional(),
  InternFullName: z.string().nullable().optional(),
  ProcessedBy: z.string().nullable(),
  ProcessedAt: z.string().nullable(),
});
export type FinishedChange = z.infer<typeof FinishedChangeSchema>;

/** A rejected row: why, who rejected it and when. */
export const RejectedChangeSchema = ChangeRowSchema.extend({
  State: z.literal('rejected'),
  RejectionReason: z.string().nullable(),
  RejectionId: z.number().int().nullable(),
  ProcessedBy: z.string().nullable(),
  ProcessedAt: z.string().nullable(),
});
export type RejectedChange = z.infer<typeof RejectedChangeSchema>;

/** A row that said what the register holds about its trainee: the trainee, for operators only. */
export const UnchangedChangeSchema = ChangeRowSchema.extend({
  State: z.literal('unchanged'),
  InternId: z.number().int().nullable().optional(),
  InternFullName: z.string().nullable().optional(),
});
export type UnchangedChange = z.infer<typeof UnchangedChangeSchema>;

/** A row of an import as its page lists it, by its `State`. */
export const ImportChangeSchema = z.discriminatedUnion('State', [
  PendingChangeSchema,
  FinishedChangeSchema,
  RejectedChangeSchema,
  UnchangedChangeSchema,
]);
export type ImportChange = z.infer<typeof ImportChangeSchema>;

/**
 * A page of an import's rows under `?state=&match=`: the waiting rows first, then the accepted, the
 * rejected and the unchanged, as the page shows them, each in file order. `Total`: the rows the filter shows on every page.
 */
export const ImportChangePageSchema = pagedSchema(ImportChangeSchema).extend({ Total: z.number().int() });
export type ImportChangePage = z.infer<typeof ImportChangePageSchema>;

const rowCount = z.number().int();

/** A row of the contract's Import's `Pending` and `Finished`: waiting, or accepted into the register. */
export const SpecChangeSchema = ChangeRowSchema.pick({ Id: true, FullName: true, Snils: true });
export type SpecChange = z.infer<typeof SpecChangeSchema>;

/**
 * A row of the contract's Import's `Rejected`: rejected on its own (`RejectionId` null), or still waiting
 * when the whole file was rejected (the file's reason, and its rejection's `Id` as `RejectionId`).
 */
export const SpecRejectedChangeSchema = z.object({
  FullName: z.string(),
  Snils: z.string().nullable(),
  RejectionReason: z.string().nullable(),
  RejectionId: z.number().int().nullable(),
});
export type SpecRejectedChange = z.infer<typeof SpecRejectedChangeSchema>;

/**
 * `?rows=` of `GET /imports/{id}`: `all` (the default) lists every row of the file in `Pending`, `Finished`
 * and `Rejected`, as the contract has them (docs/api.md#the-contracts-shapes); `counts` leaves the lists out,
 * for the import's page, which pages the rows through `GET /imports/{id}/changes` and shows their counts (a
 * 10,000-row import's lists are ~760 KB, docs/decisions.md).
 */
export const ImportDetailQuerySchema = z.object({ rows: z.enum(['all', 'counts']).default('all') });
export type ImportDetailQuery = z.input<typeof ImportDetailQuerySchema>;

/**
 * `GET /imports/change-file`: the SRO whose trainees are written into the pre-filled change file. A
 * representative's own SRO when left out; an operator names one. An SRO with more trainees than a change file
 * may have rows comes in parts (`GET /imports/change-file/parts` says how many): `part` counts from 1.
 */
export const ChangeFileQuerySchema = z.object({
  organizationId: IdSchema.optional(),
  part: IdSchema.optional(),
});
export type ChangeFileQuery = z.input<typeof ChangeFileQuerySchema>;

/** `GET /imports/change-file/parts`: the SRO whose parts are counted, as for the file itself. */
export const ChangeFilePartsQuerySchema = ChangeFileQuerySchema.pick({ organizationId: true });

/**
 * How an SRO's pre-filled change file is split: its trainees who are not deleted, the rows a change file may
 * have (the upload's limit, so that every part uploads back), and the parts, at least one.
 */
export const ChangeFilePartsSchema = z.object({
  Trainees: z.number().int(),
  RowsPerPart: z.number().int(),
  Parts: z.number().int(),
});
export type ChangeFileParts = z.infer<typeof ChangeFilePartsSchema>;

/**
 * An import with its documents and rows (docs/api.md#the-contracts-shapes). `Pending`, `Finished` and
 * `Rejected` list every row of the file in file order, in the specification's shape (absent only under
 * `?rows=counts`); the screen pages the rows with their matches through `GET /imports/{id}/changes` and shows
 * the counts beside them.
 */
export const ImportSchema = z.object({
  ...importBase,
  Pending: z.array(SpecChangeSchema).optional(),
  Finished: z.array(SpecChangeSchema).optional(),
  Rejected: z.array(SpecRejectedChangeSchema).optional(),
  /** Beside the contract's lists: the rows that said what the register holds, in none of the three. */
  Unchanged: z.array(SpecChangeSchema).optional(),
  /** The rows each `?state=` of `GET /imports/{id}/changes` shows. */
  StateCounts: z.object({
    pending: rowCount,
    claimed: rowCount,
    conflicting: rowCount,
    finished: rowCount,
    rejected: rowCount,
    unchanged: rowCount,
  }),
  /**
   * The waiting rows each `?match=` shows: for operators only, as the matching is theirs (a representative's
   * detail leaves it out).
   */
  MatchCounts: z
    .object({ snils: rowCount, fullName: rowCount, none: rowCount, conflict: rowCount })
    .optional(),
  /** The first waiting row in file order, where 'Начать обработку' starts; null when none waits. */
  FirstPendingId: z.number().int().nullable(),
  Rejection: z.object({ Id: z.number().int().nullable(), Reason: z.string() }).nullable(),
  Protocol: ImportFileSchema.nullable(),
  ProtocolSignature: ImportFileSchema.nullable(),
  Letter: ImportFileSchema.nullable(),
  LetterSignature: ImportFileSchema.nullable(),
  Notices: z.array(z.string()),
  /** The letters to the SRO about the import, oldest first: for operators only, empty for a representative. */
  Mails: z.array(ImportMailSchema),
});
export type Import = z.infer<typeof ImportSchema>;

/** Multipart `data` of an operator's upload. */
export const OperatorUploadDataSchema = z.object({
  importSchools: z.boolean().default(false),
  organizationId: z
    .number({ error: texts.required })
    .int()
    .positive(texts.required)
    .max(MAX_ID, texts.invalidId),
  number: nullableText(100).optional(),
  date: nullableDate.optional(),
  /**
   * The operator confirms uploading a file the SRO already has an import of (the same bytes): without it such
   * an upload is refused with 409 naming the earlier import.
   */
  confirmDuplicate: z.boolean().optional(),
});
export type OperatorUploadData = z.input<typeof OperatorUploadDataSchema>;

/** Multipart `data` of an SRO representative's upload: the letter's outgoing number and date. */
export const DeltaUploadDataSchema = z.object({
  Number: z.string({ error: texts.required }).trim().min(1, texts.required).max(100, texts.tooLong(100)),
  Date: nullableDate.refine((value) => value !== null, texts.required),
});
export type DeltaUploadData = z.input<typeof DeltaUploadDataSchema>;

/** 'Редактирование импорта': incoming requisites, and optionally the SRO's outgoing ones. */
export const EditImportSchema = z.object({
  Number: z.string({ error: texts.required }).trim().min(1, texts.required).max(100, texts.tooLong(100)),
  Date: nullableDate.refine((value) => value !== null, texts.required),
  OrganizationNumber: nullableText(100).optional(),
  OrganizationDate: nullableDate.optional(),
});
export type EditImport = z.input<typeof EditImportSchema>;

/** The reason of a rejection (of an import or of one row). */
export const RejectSchema = z.object({
  reason: z.string({ error: texts.required }).trim().min(1, texts.required).max(2000, texts.tooLong(2000)),
});
export type Reject = z.input<typeof RejectSchema>;

/** Tabs of the import list and the statuses each shows. */
export const importTabs = {
  all: { path: '', title: 'Все' },
  pending: { path: '/pending', title: 'Ожидают обработки' },
  completed: { path: '/completed', title: 'Обработанные' },
  rejected: { path: '/rejected', title: 'Отклонённые' },
} as const;
export type ImportTab = keyof typeof importTabs;

/**
 * The header that names an upload with a random UUID, so that while its file is checked the uploader can ask
 * how far it is: `GET /api/v1/imports/uploads/{uploadId}`.
 */
export const UPLOAD_ID_HEADER = 'x-upload-id';
export const UploadIdSchema = z.uuid(texts.invalidUploadId);

/**
 * How far an upload's check is: `queued`, waiting for the server to read it (a few files are read at once);
 * `checking` otherwise: being read, stored, or unknown to the server process that answers.
 */
export const UploadStateSchema = z.object({ State: z.enum(['queued', 'checking']) });
export type UploadState = z.infer<typeof UploadStateSchema>;
