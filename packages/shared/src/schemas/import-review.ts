import { z } from 'zod';
import { dbInt, IdSchema } from './common.js';
import { ImportListItemSchema } from './import.js';
import { InternshipSchema, InternshipStepsSchema, PersonalInfoSchema, SupervisorSchema } from './intern.js';

/*
 * Row review (the process-row payload, docs/api.md#the-contracts-shapes): one uploaded row set beside the
 * register's record, section by section, and what the operator sends back to accept it.
 */

/** `?intern=` of a row: a trainee's id (the operator's choice) or `new` (compare with an empty record). */
export const ChangeQuerySchema = z.object({
  intern: z.union([z.literal('new'), IdSchema]).optional(),
  /** The trainee's internship in the import's SRO the row is about, chosen when its number does not tell. */
  internship: IdSchema.optional(),
});
export type ChangeQuery = z.output<typeof ChangeQuerySchema>;

export const ChangeParamsSchema = z.object({ id: IdSchema, change: IdSchema });

/**
 * Where a row is submitted: into a trainee by id, or as a new one. The id is a copy of IdSchema: the OpenAPI
 * document's generator drops a union's member that the same object already used (id, change), which left
 * the parameter documented as `new` only.
 */
export const SubmitChangeParamsSchema = ChangeParamsSchema.extend({
  intern: z.union([z.literal('new'), IdSchema.clone()]),
});

/**
 * An import as the review needs it: the list's summary (counts, deadline, requisites), the rejection if the
 * whole import was refused, and the row to open next. The detail's row lists are left out on purpose: an
 * operator opens rows all day, and a list of thousands of rows with every one would only slow each of them.
 */
export const ImportProgressSchema = ImportListItemSchema.extend({
  Rejection: z.object({ Id: z.number().int().nullable(), Reason: z.string() }).nullable(),
  /**
   * The row to open next: the first still waiting after the one being reviewed in file order (wrapping
   * round to the start), other than it, and not claimed by another operator.
   */
  NextPending: z
    .object({ Id: z.number().int(), RowNumber: z.number().int(), FullName: z.string() })
    .nullable(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

/** Who is working on a pending row and until when (ISO time); `IsMine` when it is the caller. */
export const ChangeClaimSchema = z.object({
  OperatorName: z.string(),
  Until: z.string(),
  IsMine: z.boolean(),
});
export type ChangeClaim = z.infer<typeof ChangeClaimSchema>;

/** Taking a row to work on: free, expired or one's own; `TakeOver` takes it from another operator ('Забрать'). */
export const ClaimChangeSchema = z.object({ TakeOver: z.boolean().default(false) });
export type ClaimChange = z.input<typeof ClaimChangeSchema>;

/** 'Начать обработку' and the next row: after which row of the file (none: from the start). */
export const NextChangeQuerySchema = z.object({ after: IdSchema.optional() });

/** The row handed to the operator, now claimed by them; null when no free row waits. */
export const NextChangeSchema = z.object({
  Next: z.object({ Id: z.number().int(), RowNumber: z.number().int(), FullName: z.string() }).nullable(),
});
export type NextChange = z.infer<typeof NextChangeSchema>;

/** A section of the register's record beside the same section after the row is merged into it. */
function compared<T extends z.ZodType>(entry: T) {
  return z.object({
    /** The register's entry now; null when the record has none (or the trainee is new). */
    Old: entry.nullable(),
    /** The entry after merging the row; null when the row reports nothing for a section the record lacks. */
    New: entry.nullable(),
    HasChanges: z.boolean(),
  });
}

/** Why another trainee might be the one a row speaks of. */
export const candidateReasons = {
  snils: 'тот же СНИЛС',
  registryNumber: 'тот же номер стажировки в СРО',
  fullName: 'те же ФИО',
  fullNameAndBirthDate: 'те же ФИО и дата рождения',
} as const;
export type CandidateReason = keyof typeof candidateReasons;
const CandidateReasonSchema = z.enum(
  Object.keys(candidateReasons) as [CandidateReason, ...CandidateReason[]],
);

const InternRefSchema = z.object({ Id: z.number().int(), FullName: z.string() });

/** A cell of a reviewed row: its entry (`PersonalInfo`, `Supervisors.0`, `Internship`, …), field and column. */
const CellMarkSchema = z.object({ Entry: z.string(), Path: z.string(), Header: z.string() });

/** The process-row payload (docs/api.md#the-contracts-shapes). */
export const ChangeReviewSchema = z.object({
  Import: ImportProgressSchema,
  ChangeId: z.number().int(),
  RowNumber: z.number().int(),
  /** The row's own status (ChangeStatus): a row already handled is shown, not processed again. */
  ChangeStatus: z.number().int(),
  /** The claim on a pending row, when one holds: another operator's makes the screen read-only. */
  Claim: ChangeClaimSchema.nullable(),
  /** The trainee the row is compared with; null for a new record. */
  Intern: InternRefSchema.extend({
    Status: z.number().int(),
    /** The card's version the comparison was made from; a submit names it, so that no save is lost. */
    Version: z.number().int(),
    IsDeleted: z.boolean(),
  }).nullable(),
  PersonalInfo: compared(PersonalInfoSchema),
  Supervisors: z.array(compared(SupervisorSchema)),
  Internship: compared(InternshipSchema),
  InternshipSteps: compared(InternshipStepsSchema),
  /**
   * The trainee's internships in the import's SRO the row could mean when there are several and its number
   * does not tell which: the merged internship is marked IsCumulative until one is chosen (`?internship=`).
   * Empty when the row's internship is certain.
   */
  InternshipChoices: z.array(
    z.object({
      Id: z.number().int(),
      RegistryNumber: z.string().nullable(),
      StartedAt: z.string().nullable(),
      Status: z.number().int(),
    }),
  ),
  /**
   * Another trainee with the row's internship number in the same SRO, as the register's key folds it
   * (`internship_numbers`): the register refuses the number to anyone else.
   */
  ConflictingIntern: InternRefSchema.nullable(),
  /**
   * Another trainee than the compared one holding the row's SNILS ('Как новый' or a chosen trainee): the
   * register refuses the SNILS to anyone else (one SNILS, one trainee).
   */
  SnilsHolder: InternRefSchema.nullable(),
  /** An SRO other than the import's where the trainee has an internship in force. */
  ConflictingOrganization: z.object({ Id: z.number().int(), Name: z.string() }).nullable(),
  /** The trainee was found by full name (and birth date), not by SNILS. */
  FoundByFullName: z.boolean(),
  /**
   * How the trainee was chosen: by «Номер в реестре» of a pre-filled file's row (`registerId`), matched by
   * SNILS or name, the operator's choice, or a new record.
   */
  MatchedBy: z.enum(['registerId', 'snils', 'fullName', 'chosen', 'none']),
  /** Up to five other trainees the row might be about, each with its reasons. */
  Candidates: z.array(
    InternRefSchema.extend({ Status: z.number().int(), Reasons: z.array(CandidateReasonSchema) }),
  ),
  /** What the reader noticed in the row without refusing it (an unknown school). */
  Notices: z.array(z.string()),
  /**
   * A pre-filled file's row beside its trainee, by the file's signed keys (docs/row-review.md, «Since the
   * download»): the cells the SRO left as downloaded that the register changed since (the register's value
   * stays), the cells both changed, each its own way (the register's value until the operator takes the
   * file's), and the cells the SRO emptied. Null for an ordinary row, or one compared with another trainee than its key names.
   */
  SinceExport: z
    .object({
      /** When the file was downloaded (ISO). */
      ExportedAt: z.string(),
      ChangedInRegister: z.array(CellMarkSchema),
      Conflicts: z.array(CellMarkSchema),
      /** Cells downloaded filled and sent back empty: an erase to confirm, never applied by itself. */
      Cleared: z.array(CellMarkSchema),
    })
    .nullable(),
  /**
   * The school the row names that the dictionary lacked when the file was read, as written in its cell; the
   * operator chooses a school of the dictionary, adds this one, or leaves the school as it is. Null otherwise.
   */
  UnknownSchool: z.string().nullable(),
  /** For a handled row: who handled it and when. */
  ProcessedBy: z.string().nullable(),
  ProcessedAt: z.string().nullable(),
  RejectionReason: z.string().nullable(),
});
export type ChangeReview = z.infer<typeof ChangeReviewSchema>;

/**
 * The four sections as the operator left them: each entry with its Id (an existing entry of the trainee, or
 * a negative one for a new entry); a section left null is not touched. `InternVersion` is the card's version
 * the review was made from: when the card has been saved since, the submit is refused and nothing is lost.
 */
export const SubmitChangeSchema = z.object({
  PersonalInfo: PersonalInfoSchema.nullable().default(null),
  Supervisors: z.array(SupervisorSchema).max(50).default([]),
  Internship: InternshipSchema.nullable().default(null),
  InternshipSteps: InternshipStepsSchema.nullable().default(null),
  InternVersion: dbInt().optional(),
});
export type SubmitChange = z.input<typeof SubmitChangeSchema>;

export const SubmitChangeResultSchema = z.object({
  Import: ImportProgressSchema,
  Intern: z.object({ Id: z.number().int(), FullName: z.string(), Status: z.number().int() }),
  /** Whether the register changed; accepting a row that changes nothing still marks it handled. */
  HasModified: z.boolean(),
});
export type SubmitChangeResult = z.infer<typeof SubmitChangeResultSchema>;

/*
 * Returning a handled row to processing (docs/row-review.md#возврат-и-отмена): a rejected row goes back to
 * pending ('Вернуть в обработку'); an accepted one is undone ('Отменить внесение'), its changes to the
 * trainee reverted by new versions on a basis document of its own. Both answer with the import's progress.
 */

/** The basis document's number of an undo: 'Отмена внесения по импорту №345-вх' (the import's incoming number). */
export const undoBasisPrefix = 'Отмена внесения по импорту №';
export const undoBasisNumber = (importNumber: string) => `${undoBasisPrefix}${importNumber}`;
/** Whether a change protocol is an undo's, written by 'Отменить внесение' rather than by an accept. */
export const isUndoBasis = (number: string) => number.startsWith(undoBasisPrefix);

/** The actions and refusals of returning a handled row, the same on the server and the screen. */
export const rowReturnTexts = {
  returnAction: 'Вернуть в обработку',
  undoAction: 'Отменить внесение',
  notRejected: 'Вернуть в обработку можно только отклонённую запись: обновите страницу импорта',
  notFinished: 'Отменить внесение можно только у внесённой записи: обновите страницу импорта',
  internDeleted: 'Стажёр удалён из реестра: восстановите его, чтобы отменить внесение',
  changedSince: (number: string, date: string, changedAt: string) =>
    `Стажёр изменён после внесения этой записи (основание «${number}» от ${date}, ${changedAt}): отменить внесение нельзя, исправьте карточку стажёра`,
} as const;
