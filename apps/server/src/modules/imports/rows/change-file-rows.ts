import type { Internship, InternshipSteps, PersonalInfo, Supervisor } from '@registry/shared';

/** A parsed row of the change file: what the import stores and the review compares with the register. */
export interface ChangeFileRow {
  /** The spreadsheet's own row number. */
  rowNumber: number;
  PersonalInfo: PersonalInfo;
  /** The row's supervisor, or none when no supervisor cell is filled. */
  Supervisors: Supervisor[];
  Internship: Internship;
  InternshipSteps: InternshipSteps;
  /** The pre-filled file's «Номер в реестре»: the trainee the register wrote the row from; absent otherwise. */
  RegisterId?: number;
  /**
   * The filled cells' text by header. Only filled cells are here: a field whose header is missing was not
   * reported in this file and must leave the register's value as it is.
   */
  raw: Record<string, string>;
  notices: string[];
}
