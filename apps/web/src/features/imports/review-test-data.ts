import type { ChangeReview, ImportProgress } from '@registry/shared';
import { listItem } from './test-data';

/*
 * A row's review as the server sends it, for tests: the row 7 of 10 of the import in test-data.ts, matched by
 * SNILS with Иванов Пётр, whose phone and e-mail and internship status the file changes.
 */

export const progress: ImportProgress = {
  ...listItem,
  Rejection: null,
  NextPending: { Id: 302, RowNumber: 9, FullName: 'Петров Иван Ильич' },
};

const empty = {
  Passport: { Number: null, Series: null, IssuedAt: null, IssuedBy: null },
  Education: { Name: null, Code: null, Qualification: null },
  School: null,
};

export const oldPerson = {
  Id: 11,
  Entry_Id: 1,
  LastName: 'Иванов',
  FirstName: 'Пётр',
  PatronymicName: 'Сергеевич',
  Snils: '112-233-445 95',
  DateOfBirth: '1990-03-14',
  Contacts: { PhoneNumber: '+7 900 000-00-00', PostalAddress: null, EmailAddress: null },
  ...empty,
};

export const newPerson = {
  ...oldPerson,
  Contacts: { PhoneNumber: '+7 900 111-22-33', PostalAddress: null, EmailAddress: 'ivanov@example.org' },
};

const internship = {
  Id: 21,
  Entry_Id: 1,
  StartedAt: '2026-01-10',
  Organization: { Id: 3, Name: 'СРО «Кадастр»' },
  EndBasis: null,
  Duration: 24,
  Status: 0 as 0 | 3,
  RegistryNumber: '12-7',
  MiscInfo: [],
  PauseInfo: [],
  ResumeInfo: [],
  ContractInfo: [],
  IsEmpty: false,
  IsCumulative: false,
};

const step = { StartedAt: null, EndedAt: null, HasPassed: false, HasMaterials: false };
const steps = {
  Id: 31,
  Entry_Id: 1,
  EntryStep: { ...step, StartedAt: '2026-01-10', HasPassed: true },
  Step1: step,
  Step2: step,
  Step3: step,
  ClosingStep: step,
  SupervisorStatement: { Number: null, Date: null, UnstructuredValue: null },
  HasPassed: false,
};

/** The review of a matched row, with `changes` in place of the defaults. */
export function reviewOf(changes: Partial<ChangeReview> = {}): ChangeReview {
  return {
    Import: progress,
    ChangeId: 301,
    RowNumber: 8,
    ChangeStatus: 0,
    Claim: null,
    Intern: { Id: 5, FullName: 'Иванов Пётр Сергеевич', Status: 0, Version: 4, IsDeleted: false },
    PersonalInfo: { Old: oldPerson, New: newPerson, HasChanges: true },
    Supervisors: [],
    Internship: { Old: internship, New: { ...internship, Status: 3 }, HasChanges: true },
    InternshipSteps: { Old: steps, New: steps, HasChanges: false },
    InternshipChoices: [],
    ConflictingIntern: null,
    SnilsHolder: null,
    ConflictingOrganization: null,
    FoundByFullName: false,
    MatchedBy: 'snils',
    Candidates: [],
    Notices: [],
    SinceExport: null,
    UnknownSchool: null,
    ProcessedBy: null,
    ProcessedAt: null,
    RejectionReason: null,
    ...changes,
  } as ChangeReview;
}

/** The same row compared with an empty record: a new trainee. */
export function newInternReviewOf(changes: Partial<ChangeReview> = {}): ChangeReview {
  return reviewOf({
    Intern: null,
    MatchedBy: 'none',
    PersonalInfo: { Old: null, New: { ...newPerson, Id: -1, Entry_Id: null }, HasChanges: true },
    Internship: { Old: null, New: { ...internship, Id: -3, Entry_Id: null }, HasChanges: true },
    InternshipSteps: { Old: null, New: null, HasChanges: false },
    ...changes,
  });
}
