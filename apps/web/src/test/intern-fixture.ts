import type { Intern } from '@registry/shared';

/** A saved trainee with every section empty, for tests; `values` fills what a test needs. */
export function internFixture(values: Partial<Record<keyof Intern, unknown>> = {}): Intern {
  return {
    Id: 5,
    Version: 2,
    FullName: 'Иванов Пётр',
    Status: 0,
    IsDeleted: false,
    HasPendingImport: false,
    PendingImportRows: [],
    RegistrationNumbers: [],
    PersonalInfo: [],
    Supervisors: [],
    Internships: [],
    InternshipSteps: [],
    Examinations: [],
    ExaminationResults: [],
    ExaminationAppeals: [],
    Reissues: [],
    Documents: [],
    ChangeProtocols: [],
    ...values,
  } as Intern;
}
