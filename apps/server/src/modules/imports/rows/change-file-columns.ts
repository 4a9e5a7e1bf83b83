import { internshipStages, normalizeForSearch } from '@registry/shared';

/*
 * The 65 columns of the change file (docs/change-file.md#columns), in the template's order: the header a
 * clerk sees, where the value goes in the trainee's sections, and how the cell is read. The template is
 * written from this list and the reader finds columns by it, so the two cannot disagree.
 */

/** The template's sheet of rows: the reader looks for it by name, and every file the app writes names it so. */
export const DATA_SHEET_NAME = 'Данные';

/** The sheet of how to fill the file in, after the data; the reader does not read it. */
export const INSTRUCTION_SHEET_NAME = 'Инструкция';

/**
 * The pre-filled change file's first column: the trainee's id in the register, the row's key on its way back.
 * Not one of the 65 columns: the template an SRO fills from scratch has no trainee to name.
 */
export const REGISTER_ID_HEADER = 'Номер в реестре';

/** How a cell is read (change-file-cells.ts); text is checked by the shared schema of its field. */
export type CellKind =
  | 'text'
  | 'snils'
  | 'date'
  | 'passportSeries'
  | 'passportNumber'
  | 'educationCode'
  | 'school'
  | 'digits'
  | 'employment'
  | 'status'
  | 'wholeNumber'
  | 'terminationReason'
  | 'address'
  | 'requisites'
  | 'flag';

export type ChangeFileSection = 'PersonalInfo' | 'Supervisor' | 'Internship' | 'InternshipSteps';

export interface ChangeFileColumn {
  header: string;
  section: ChangeFileSection;
  /** The field in its section; `PauseInfo.PausedAt` is a field of the entry the row adds to a list. */
  path: string;
  /** The path's parts, split once: every filled cell of every row is put by them. */
  keys: string[];
  kind: CellKind;
  /** Required in every row (marked * in the template). */
  required?: boolean;
  /** Kept as text in the template, so Excel does not drop leading zeros or turn it into a number. */
  asText?: boolean;
}

type Spec = Omit<ChangeFileColumn, 'section' | 'keys'>;

const personal: Spec[] = [
  { header: 'Фамилия', path: 'LastName', kind: 'text', required: true },
  { header: 'Имя', path: 'FirstName', kind: 'text', required: true },
  { header: 'Отчество', path: 'PatronymicName', kind: 'text' },
  { header: 'СНИЛС', path: 'Snils', kind: 'snils', required: true, asText: true },
  { header: 'Дата рождения', path: 'DateOfBirth', kind: 'date' },
  { header: 'Паспорт: серия', path: 'Passport.Series', kind: 'passportSeries', asText: true },
  { header: 'Паспорт: номер', path: 'Passport.Number', kind: 'passportNumber', asText: true },
  { header: 'Паспорт: дата выдачи', path: 'Passport.IssuedAt', kind: 'date' },
  { header: 'Паспорт: кем выдан', path: 'Passport.IssuedBy', kind: 'text' },
  { header: 'Телефон', path: 'Contacts.PhoneNumber', kind: 'text', asText: true },
  { header: 'Почтовый адрес', path: 'Contacts.PostalAddress', kind: 'text' },
  { header: 'Адрес электронной почты', path: 'Contacts.EmailAddress', kind: 'text' },
  { header: 'Образование: наименование', path: 'Education.Name', kind: 'text' },
  { header: 'Образование: код специальности', path: 'Education.Code', kind: 'educationCode', asText: true },
  { header: 'Образование: квалификация', path: 'Education.Qualification', kind: 'text' },
  { header: 'Учебное заведение', path: 'School', kind: 'school' },
];

const supervisor: Spec[] = [
  { header: 'Руководитель: фамилия', path: 'LastName', kind: 'text' },
  { header: 'Руководитель: имя', path: 'FirstName', kind: 'text' },
  { header: 'Руководитель: отчество', path: 'PatronymicName', kind: 'text' },
  {
    header: 'Руководитель: уникальный регистрационный номер',
    path: 'CadastreNumber',
    kind: 'text',
    asText: true,
  },
  { header: 'Руководитель: номер в ГРКИ', path: 'GrkiNumber', kind: 'digits', asText: true },
  { header: 'Руководитель: телефон', path: 'Contacts.PhoneNumber', kind: 'text', asText: true },
  { header: 'Руководитель: почтовый адрес', path: 'Contacts.PostalAddress', kind: 'text' },
  { header: 'Руководитель: адрес электронной почты', path: 'Contacts.EmailAddress', kind: 'text' },
  { header: 'Руководитель: форма занятости', path: 'EmploymentType', kind: 'employment' },
  {
    header: 'Руководитель: сокращённое наименование юридического лица',
    path: 'JuridicalShortName',
    kind: 'text',
  },
];

const internship: Spec[] = [
  {
    header: 'Уникальный идентификационный номер стажировки',
    path: 'RegistryNumber',
    kind: 'text',
    asText: true,
  },
  { header: 'Дата начала стажировки', path: 'StartedAt', kind: 'date' },
  { header: 'Статус стажировки', path: 'Status', kind: 'status' },
  { header: 'Продолжительность стажировки, мес.', path: 'Duration', kind: 'wholeNumber' },
  { header: 'Основание прекращения', path: 'EndBasis', kind: 'terminationReason' },
  { header: 'Дата окончания стажировки', path: 'MiscInfo.EndedAt', kind: 'date' },
  { header: 'Адрес места стажировки', path: 'MiscInfo.Address', kind: 'address' },
  { header: 'Решение о приёме на стажировку', path: 'MiscInfo.AdmissionRequisites', kind: 'requisites' },
  { header: 'Решение об изменении сведений', path: 'MiscInfo.ModificationRequisites', kind: 'requisites' },
  { header: 'Дата приостановления', path: 'PauseInfo.PausedAt', kind: 'date' },
  { header: 'Срок приостановления', path: 'PauseInfo.PauseDuration', kind: 'text' },
  { header: 'Основание приостановления', path: 'PauseInfo.PauseBasis', kind: 'text' },
  { header: 'Решение о приостановлении', path: 'PauseInfo.Requisites', kind: 'requisites' },
  { header: 'Дата возобновления', path: 'ResumeInfo.ResumedAt', kind: 'date' },
  { header: 'Решение о возобновлении', path: 'ResumeInfo.Requisites', kind: 'requisites' },
  { header: 'Дата окончания договора', path: 'ContractInfo.ContractEndsAt', kind: 'date' },
  { header: 'Договор', path: 'ContractInfo.Requisites', kind: 'requisites' },
];

const steps: Spec[] = [
  ...internshipStages.flatMap(([key, title]): Spec[] => [
    { header: `${title}: дата начала`, path: `${key}.StartedAt`, kind: 'date' },
    { header: `${title}: дата окончания`, path: `${key}.EndedAt`, kind: 'date' },
    { header: `${title}: пройден`, path: `${key}.HasPassed`, kind: 'flag' },
    { header: `${title}: материалы представлены`, path: `${key}.HasMaterials`, kind: 'flag' },
  ]),
  { header: 'Заключение руководителя стажировки', path: 'SupervisorStatement', kind: 'requisites' },
  { header: 'Стажировка пройдена', path: 'HasPassed', kind: 'flag' },
];

const inSection = (section: ChangeFileSection, specs: Spec[]) =>
  specs.map((spec) => ({ ...spec, section, keys: spec.path.split('.') }));

/** The columns grouped as the template shows them, each group with its title. */
export const columnGroups: { title: string; columns: ChangeFileColumn[] }[] = [
  { title: 'Персональные данные', columns: inSection('PersonalInfo', personal) },
  { title: 'Руководитель стажировки', columns: inSection('Supervisor', supervisor) },
  { title: 'Стажировка', columns: inSection('Internship', internship) },
  { title: 'Этапы стажировки', columns: inSection('InternshipSteps', steps) },
];

/** All 65 columns in the template's order. */
export const changeFileColumns: ChangeFileColumn[] = columnGroups.flatMap((group) => group.columns);

/**
 * The key a header is matched by: case, ё/е, line breaks and repeated spaces, and a trailing «*» do not
 * matter, so «Дата  рождения*» and «дата рождения» are one column.
 */
export function headerKey(text: string): string {
  return normalizeForSearch(text)
    .replace(/[\s\u200b]+/g, ' ')
    .replace(/\s*\*+\s*$/, '')
    .trim();
}

/** Columns by header key. */
export const columnsByKey: ReadonlyMap<string, ChangeFileColumn> = new Map(
  changeFileColumns.map((column) => [headerKey(column.header), column]),
);
