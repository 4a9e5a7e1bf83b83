import { z } from 'zod';
import { internSectionKeys, internSectionNames, type InternSectionKey } from '../enums/intern-sections.js';
import { EmploymentType, InternshipStatus } from '../enums/statuses.js';
import { texts } from '../texts.js';
import { dbInt } from './common.js';
import {
  DictionaryRefSchema,
  NamedRefSchema,
  flag,
  maskedDigits,
  nullableCount,
  nullableDate,
  nullableEmail,
  nullableSnils,
  nullableText,
  nullableTime,
  nullablePersonName,
  requiredPersonName,
} from './fields.js';

/*
 * The trainee contract (docs/api.md#names-and-values). Property names are the contract's own, PascalCase,
 * with its spellings (`Entry_Id`, `DecisionRequisistes`). Every section is a list of entries; every entry has
 * `Id` (negative for an entry created in an unsaved edit) and `Entry_Id`, its place in the section.
 */

/** Requisites of a document: number and date, or the text as it was given when it has no such shape. */
export const RequisitesSchema = z
  .object({
    Number: nullableText(100),
    Date: nullableDate,
    UnstructuredValue: nullableText(500),
  })
  .prefault({});
export type Requisites = z.infer<typeof RequisitesSchema>;

export const ContactsSchema = z
  .object({
    PhoneNumber: nullableText(50),
    PostalAddress: nullableText(500),
    EmailAddress: nullableEmail(200),
  })
  .prefault({});

const entry = {
  Id: dbInt(),
  Entry_Id: dbInt().nullable().default(null),
};

export const PassportSchema = z
  .object({
    Number: maskedDigits('### ###', texts.invalidPassportNumber),
    Series: maskedDigits('## ##', texts.invalidPassportSeries),
    IssuedAt: nullableDate,
    IssuedBy: nullableText(500),
  })
  .prefault({});

export const EducationSchema = z
  .object({
    Name: nullableText(500),
    Code: nullableText(20),
    Qualification: nullableText(200),
  })
  .prefault({});

export const PersonalInfoSchema = z.object({
  ...entry,
  LastName: requiredPersonName,
  FirstName: requiredPersonName,
  PatronymicName: nullablePersonName,
  Snils: nullableSnils,
  DateOfBirth: nullableDate,
  Passport: PassportSchema,
  Contacts: ContactsSchema,
  Education: EducationSchema,
  School: NamedRefSchema.nullable().default(null),
});
export type PersonalInfo = z.infer<typeof PersonalInfoSchema>;

export const SupervisorSchema = z
  .object({
    ...entry,
    LastName: requiredPersonName,
    FirstName: requiredPersonName,
    PatronymicName: nullablePersonName,
    /** 'Уникальный регистрационный номер' of the cadastral engineer. */
    CadastreNumber: nullableText(50),
    GrkiNumber: nullableText(50),
    Contacts: ContactsSchema,
    EmploymentType: z.enum(EmploymentType).nullable().default(null),
    JuridicalShortName: nullableText(500),
  })
  .refine((s) => s.EmploymentType !== EmploymentType.Employee || s.JuridicalShortName !== null, {
    message: texts.required,
    path: ['JuridicalShortName'],
  });
export type Supervisor = z.infer<typeof SupervisorSchema>;

export const MiscInfoSchema = z.object({
  EndedAt: nullableDate,
  Address: DictionaryRefSchema.nullable().default(null),
  AdmissionRequisites: RequisitesSchema,
  ModificationRequisites: RequisitesSchema,
});
export const PauseInfoSchema = z.object({
  PausedAt: nullableDate,
  PauseDuration: nullableText(100),
  PauseBasis: nullableText(500),
  Requisites: RequisitesSchema,
});
export const ResumeInfoSchema = z.object({ ResumedAt: nullableDate, Requisites: RequisitesSchema });
export const ContractInfoSchema = z.object({ ContractEndsAt: nullableDate, Requisites: RequisitesSchema });

export const InternshipSchema = z.object({
  ...entry,
  StartedAt: nullableDate,
  Organization: NamedRefSchema.nullable().refine((value) => value !== null, texts.required),
  EndBasis: DictionaryRefSchema.nullable().default(null),
  /** Months. */
  Duration: nullableCount,
  Status: z.enum(InternshipStatus).default(InternshipStatus.Unknown),
  /** 'Уникальный идентификационный номер' of the internship, unique within its SRO. */
  RegistryNumber: nullableText(50),
  MiscInfo: z.array(MiscInfoSchema).max(50).default([]),
  PauseInfo: z.array(PauseInfoSchema).max(50).default([]),
  ResumeInfo: z.array(ResumeInfoSchema).max(50).default([]),
  ContractInfo: z.array(ContractInfoSchema).max(50).default([]),
  /** The entry holds only the minimum an SRO reported (docs/screens.md#notices-on-an-internship). */
  IsEmpty: flag,
  /** The entry merges several internships that could not be told apart (its notice: the same). */
  IsCumulative: flag,
});
export type Internship = z.infer<typeof InternshipSchema>;

export const InternshipStepSchema = z
  .object({ StartedAt: nullableDate, EndedAt: nullableDate, HasPassed: flag, HasMaterials: flag })
  .prefault({});
export type InternshipStep = z.infer<typeof InternshipStepSchema>;

export const InternshipStepsSchema = z.object({
  ...entry,
  EntryStep: InternshipStepSchema,
  Step1: InternshipStepSchema,
  Step2: InternshipStepSchema,
  Step3: InternshipStepSchema,
  ClosingStep: InternshipStepSchema,
  SupervisorStatement: RequisitesSchema,
  HasPassed: flag,
});
export type InternshipSteps = z.infer<typeof InternshipStepsSchema>;

export const ExaminationSchema = z.object({
  ...entry,
  HeldAt: nullableDate,
  HeldAtTime: nullableTime,
  GroupNumber: nullableText(50),
  CommissionName: nullableText(500),
  DecisionRequisites: RequisitesSchema,
});
export type Examination = z.infer<typeof ExaminationSchema>;

export const ExaminationResultSchema = z.object({
  ...entry,
  CorrectAnswersNumber: nullableCount,
  HasPassed: flag,
});
export type ExaminationResult = z.infer<typeof ExaminationResultSchema>;

export const ExaminationAppealSchema = z.object({
  ...entry,
  HasBeenAppealed: flag,
  HasApplicationPassed: flag,
  ApplicationRequisites: RequisitesSchema,
  DecisionRequisistes: RequisitesSchema,
});
export type ExaminationAppeal = z.infer<typeof ExaminationAppealSchema>;

export const ReissueSchema = z.object({
  ...entry,
  ExaminationProtocol: RequisitesSchema,
  AppealProtocol: RequisitesSchema,
});
export type Reissue = z.infer<typeof ReissueSchema>;

export const DocumentSchema = z.object({ ...entry, Requisites: RequisitesSchema });
export type Document = z.infer<typeof DocumentSchema>;

/** Each section's entry schema. */
const sectionSchemas = {
  PersonalInfo: PersonalInfoSchema,
  Supervisors: SupervisorSchema,
  Internships: InternshipSchema,
  InternshipSteps: InternshipStepsSchema,
  Examinations: ExaminationSchema,
  ExaminationResults: ExaminationResultSchema,
  ExaminationAppeals: ExaminationAppealSchema,
  Reissues: ReissueSchema,
  Documents: DocumentSchema,
} as const satisfies Record<InternSectionKey, z.ZodType>;

/** An entry of a section as its schema gives it; of any section when none is named. */
export type SectionEntry<K extends InternSectionKey = InternSectionKey> = z.output<
  (typeof sectionSchemas)[K]
>;

/** The card's sections by key, each the list of its entries. */
export type InternSections = { [K in InternSectionKey]: SectionEntry<K>[] };

/**
 * Each section's entry schema typed by the entry it gives, so that a schema looked up by a key known only
 * when the code runs still parses to that section's entry.
 */
export const sectionEntrySchemas: { [K in InternSectionKey]: z.ZodType<SectionEntry<K>> } = sectionSchemas;

/** Each section of the card: its URL slug and Russian title (enums/intern-sections.ts) with its entry schema. */
export const internSections = Object.fromEntries(
  internSectionKeys.map((key) => [key, { ...internSectionNames[key], schema: sectionSchemas[key] }]),
) as {
  [K in InternSectionKey]: (typeof internSectionNames)[K] & { schema: (typeof sectionSchemas)[K] };
};
