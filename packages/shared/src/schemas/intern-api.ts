import { z } from 'zod';
import { texts } from '../texts.js';
import {
  cappedPageNumber,
  cappedPagedSchema,
  clientText,
  dbInt,
  IdSchema,
  SearchQuerySchema,
} from './common.js';
import { NamedRefSchema, nullableDate, nullableText } from './fields.js';
import {
  DocumentSchema,
  ExaminationAppealSchema,
  ExaminationResultSchema,
  ExaminationSchema,
  InternshipSchema,
  InternshipStepsSchema,
  PersonalInfoSchema,
  ReissueSchema,
  SupervisorSchema,
} from './intern.js';

/** A registration number of a trainee: an internship's number in its SRO. */
export const RegistrationNumberSchema = z.object({
  Organization: NamedRefSchema,
  Number: z.string(),
  Status: z.number().int(),
});
export type RegistrationNumber = z.infer<typeof RegistrationNumberSchema>;

/** A basis document under which changes were entered (the 'Документы' section and the history). */
export const ChangeProtocolSchema = z.object({
  Id: z.number().int(),
  /** The import the changes came from, and its row they were accepted from; null for a manual entry. */
  Import: z
    .object({ Id: z.number().int(), Organization: NamedRefSchema, ChangeId: z.number().int().nullable() })
    .nullable(),
  Requisites: z.object({ Number: z.string(), Date: z.string() }),
  OutgoingRequisites: z.object({ Number: z.string().nullable(), Date: z.string().nullable() }),
  IsCorrection: z.boolean(),
  OperatorName: z.string().nullable(),
  CreatedAt: z.string(),
});
export type ChangeProtocol = z.infer<typeof ChangeProtocolSchema>;

const sectionLists = {
  PersonalInfo: z.array(PersonalInfoSchema).max(20),
  Supervisors: z.array(SupervisorSchema).max(50),
  Internships: z.array(InternshipSchema).max(50),
  InternshipSteps: z.array(InternshipStepsSchema).max(50),
  Examinations: z.array(ExaminationSchema).max(50),
  ExaminationResults: z.array(ExaminationResultSchema).max(50),
  ExaminationAppeals: z.array(ExaminationAppealSchema).max(50),
  Reissues: z.array(ReissueSchema).max(50),
  Documents: z.array(DocumentSchema).max(200),
};

/** The whole trainee as an operator sees it. */
export const InternSchema = z.object({
  Id: z.number().int(),
  /** Grows with every save; a save must name the version it was made from. */
  Version: z.number().int(),
  FullName: z.string(),
  Status: z.number().int(),
  IsDeleted: z.boolean(),
  /** A row of an import still waiting for an operator names this trainee's SNILS ('Ожидает обработки'). */
  HasPendingImport: z.boolean(),
  /** The waiting rows that name the trainee's SNILS, for the badge to link to. */
  PendingImportRows: z.array(
    z.object({ ImportId: z.number().int(), ChangeId: z.number().int(), RowNumber: z.number().int() }),
  ),
  RegistrationNumbers: z.array(RegistrationNumberSchema),
  ...sectionLists,
  ChangeProtocols: z.array(ChangeProtocolSchema),
  /** The day the card is shown as of (read-only), or absent for the register's current state. */
  AsOf: z.string().optional(),
});
export type Intern = z.infer<typeof InternSchema>;

/** `?asOf=` of a card: the day, `yyyy-MM-dd`, to show the register's state at the end of. */
export const InternAsOfQuerySchema = z.object({ asOf: nullableDate.optional() });

/** The basis document of a save: incoming number and date required, outgoing ones optional. */
export const ProtocolInputSchema = z.object({
  number: z.string({ error: texts.required }).trim().min(1, texts.required).max(100, texts.tooLong(100)),
  date: nullableDate.refine((value) => value !== null, texts.required),
  outgoingNumber: nullableText(100).optional(),
  outgoingDate: nullableDate.optional(),
});
export type ProtocolInput = z.input<typeof ProtocolInputSchema>;

/**
 * A save of the card: the sections that were edited, each the full new list of its entries (a negative Id
 * is a new entry; an existing entry left out is removed from the current state and kept in history).
 */
export const SaveInternSchema = z.object({
  IsCorrecting: z.boolean().default(false),
  Intern: z.object({ Version: dbInt().optional(), ...sectionLists }).partial({
    PersonalInfo: true,
    Supervisors: true,
    Internships: true,
    InternshipSteps: true,
    Examinations: true,
    ExaminationResults: true,
    ExaminationAppeals: true,
    Reissues: true,
    Documents: true,
  }),
  Protocol: ProtocolInputSchema,
  Outgoing: z.object({ Number: nullableText(100).optional(), Date: nullableDate.optional() }).optional(),
});
export type SaveIntern = z.input<typeof SaveInternSchema>;

const optionalQueryText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);
const queryFlag = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((value) => value === 'true');

/** Query of the trainee list and its export; empty parameters are ignored. */
export const InternSearchQuerySchema = z.object({
  term: optionalQueryText,
  status: z
    .enum(['0', '1', '2', ''])
    .optional()
    .transform((value) => (value ? Number(value) : undefined)),
  org: z
    .union([z.literal(''), IdSchema])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  transfer: queryFlag,
  full: queryFlag,
  /** Only the deleted trainees, for an operator to find and restore; the public list ignores it. */
  deleted: queryFlag,
  page: cappedPageNumber(texts.narrowTrainees),
});
export type InternSearchQuery = z.output<typeof InternSearchQuerySchema>;

/** A row of the trainee list. */
export const InternListItemSchema = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  Status: z.number().int(),
  RegistrationNumbers: z.array(RegistrationNumberSchema),
  IsDeleted: z.boolean(),
  /**
   * Operators only, never in the public list (docs/register-rules.md#the-public-card-and-list): the SNILS
   * (`XXX-XXX-XXX YY`) and the birth date of the first personal-data entry, so that a trainee chosen by hand
   * is told from a namesake.
   */
  Snils: z.string().nullable().optional(),
  DateOfBirth: z.string().nullable().optional(),
});
export type InternListItem = z.infer<typeof InternListItemSchema>;

/** A page of the list; `TotalPages` is exact unless `HasMore` says there are pages beyond it. */
export const InternSearchResultSchema = cappedPagedSchema(InternListItemSchema);
export type InternSearchResult = z.infer<typeof InternSearchResultSchema>;

/**
 * What the public sees of a trainee (docs/register-rules.md#the-public-card-and-list): never SNILS, passport,
 * birth date or contacts.
 */
export const PublicInternSchema = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  Status: z.number().int(),
  RegistrationNumbers: z.array(RegistrationNumberSchema),
  PersonalInfo: z.array(
    z.object({
      Id: z.number().int(),
      LastName: z.string(),
      FirstName: z.string(),
      PatronymicName: z.string().nullable(),
    }),
  ),
  Supervisors: z.array(
    z.object({
      Id: z.number().int(),
      LastName: z.string(),
      FirstName: z.string(),
      PatronymicName: z.string().nullable(),
      CadastreNumber: z.string().nullable(),
    }),
  ),
  Internships: z.array(InternshipSchema),
  InternshipSteps: z.array(InternshipStepsSchema),
});
export type PublicIntern = z.infer<typeof PublicInternSchema>;

/** A public list row. */
export const PublicInternListItemSchema = InternListItemSchema.omit({
  IsDeleted: true,
  Snils: true,
  DateOfBirth: true,
});

/** The kinds of a history record, with the Russian names the archive shows. */
export const historyKinds = {
  initial: 'Первичное внесение',
  change: 'Изменение',
  correction: 'Корректировка',
  removal: 'Удаление записи',
} as const;
export type HistoryKind = keyof typeof historyKinds;

/** One version in an entry's timeline. */
export const ArchiveRecordSchema = z.object({
  Id: z.number().int(),
  Kind: z.enum(Object.keys(historyKinds) as [HistoryKind, ...HistoryKind[]]),
  KindName: z.string(),
  OperatorName: z.string().nullable(),
  CreatedAt: z.string(),
  Protocol: ChangeProtocolSchema,
  /** The entry as it was after this version. */
  Data: z.record(z.string(), z.unknown()),
  /** The entry as it was before, or null for the first version. */
  PreviousData: z.record(z.string(), z.unknown()).nullable(),
});
export type ArchiveRecord = z.infer<typeof ArchiveRecordSchema>;

/** `/api/v1/archives/search`: change protocols by number or SRO name, paged as the trainee list is. */
export const ArchiveSearchQuerySchema = SearchQuerySchema.extend({
  page: cappedPageNumber(texts.narrowProtocols),
});

/** A row of the documents search: a change protocol with the trainee and the sections it changed. */
export const ArchiveSearchRowSchema = z.object({
  Id: z.number().int(),
  Intern: z.object({ Id: z.number().int(), FullName: z.string() }),
  Import: z.object({ Id: z.number().int(), Organization: NamedRefSchema }).nullable(),
  Requisites: z.object({ Number: z.string(), Date: z.string() }),
  Modified: z.array(z.string()),
  CreatedAt: z.string(),
});
export type ArchiveSearchRow = z.infer<typeof ArchiveSearchRowSchema>;

/** `/api/v1/archives/documents`: basis documents by number or SRO name, and by their date. */
export const DocumentsQuerySchema = z
  .object({
    term: clientText().trim().max(200, texts.tooLong(200)).optional(),
    from: nullableDate.optional(),
    to: nullableDate.optional(),
    page: cappedPageNumber(texts.narrowDocuments),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: texts.periodReversed,
    path: ['to'],
  });
export type DocumentsQuery = z.input<typeof DocumentsQuerySchema>;

/**
 * A basis document: the requisites under which changes were entered, with the SRO and the import they came
 * with (or none: entered by hand), and the trainees it changed (the first five by name, and how many).
 */
export const BasisDocumentSchema = z.object({
  Id: z.number().int(),
  Requisites: z.object({ Number: z.string(), Date: z.string() }),
  OutgoingRequisites: z.object({ Number: z.string().nullable(), Date: z.string().nullable() }),
  Organization: NamedRefSchema.nullable(),
  Import: z.object({ Id: z.number().int() }).nullable(),
  Interns: z.array(z.object({ Id: z.number().int(), FullName: z.string() })),
  InternCount: z.number().int(),
  LastChangedAt: z.string(),
});
export type BasisDocument = z.infer<typeof BasisDocumentSchema>;

/** One change made on a basis document: the trainee, the entry, what it was and became, who and when. */
export const DocumentChangeSchema = z.object({
  Intern: z.object({ Id: z.number().int(), FullName: z.string() }),
  Section: z.string(),
  SectionTitle: z.string(),
  EntryId: z.number().int(),
  Kind: z.enum(Object.keys(historyKinds) as [HistoryKind, ...HistoryKind[]]),
  KindName: z.string(),
  OperatorName: z.string().nullable(),
  CreatedAt: z.string(),
  Data: z.record(z.string(), z.unknown()),
  PreviousData: z.record(z.string(), z.unknown()).nullable(),
});
export type DocumentChange = z.infer<typeof DocumentChangeSchema>;

export const DocumentChangesSchema = z.object({
  Document: BasisDocumentSchema,
  Changes: z.array(DocumentChangeSchema),
});
export type DocumentChanges = z.infer<typeof DocumentChangesSchema>;
