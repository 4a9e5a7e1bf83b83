/**
 * What the import area needs of the change-file reader: the rows of an honest file, or every problem of
 * a refused one as Russian lines ('Строка 12, «СНИЛС»: неверная контрольная сумма').
 */
export interface ChangeFileRow {
  rowNumber: number;
  PersonalInfo: Record<string, unknown>;
  Supervisors: Record<string, unknown>[];
  Internship: Record<string, unknown>;
  InternshipSteps: Record<string, unknown>;
  raw: Record<string, string>;
  notices: string[];
}

export type ChangeFileReadResult =
  | { ok: true; extension: 'xlsx' | 'xls'; rows: ChangeFileRow[]; notices: string[] }
  | { ok: false; problems: string[] };

export type ReadChangeFile = (input: {
  bytes: Buffer;
  name: string;
  organization: { Id: number; Name: string };
  importSchools: boolean;
}) => Promise<ChangeFileReadResult>;
