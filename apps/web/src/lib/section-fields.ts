import {
  EmploymentType,
  InternshipStatus,
  RequisitesSchema,
  employmentTypes,
  fieldLabels,
  formatDate,
  internSections,
  internshipStages,
  internshipStatuses,
  type InternSectionKey,
} from '@registry/shared';
import { z } from 'zod';
import { maxLengthOf, unwrapField } from './schema-limits';

/*
 * What each section's form holds, declared once as data: the card's form and entry summary, the history's
 * list of changes and the documents screen's all read it (field-values.ts formats the values), so that the
 * nine sections share one renderer per kind of field. Labels come from the shared fieldLabels and limits
 * from the shared schemas.
 */

/** The sections an operator edits entry by entry; 'Документы' lists the change protocols instead. */
export type EditableSectionKey = Exclude<InternSectionKey, 'Documents'>;

/** An entry of any section as the API sends it. */
export type Entry = { Id: number; Entry_Id?: number | null } & Record<string, unknown>;

export type PickerKind = 'school' | 'organization' | 'address' | 'termination-reason';

/** A field is read-only until a sibling (in the same object) is set, or has the given value. */
export type Dependency = { field: string; equals?: unknown };

type Common = {
  /** The property's key within its object. */
  name: string;
  label: string;
  /** Shown in place of the label inside a box that names the rest ('Номер' in 'Договор'); `label` stays its name. */
  shortLabel?: string;
  isRequired?: boolean;
  /** Takes the form's whole width. */
  isWide?: boolean;
  dependsOn?: Dependency;
};

export type SelectOption = { value: number; label: string };

export type Field = Common &
  (
    | { kind: 'text'; maxLength: number; isMultiline?: boolean }
    /** `mask` writes `#` for a digit (docs/register-rules.md#how-values-are-written-and-shown). */
    | { kind: 'masked'; mask: string }
    | { kind: 'date' }
    | { kind: 'number' }
    | { kind: 'flag' }
    | { kind: 'select'; options: SelectOption[]; isNullable: boolean; defaultValue: number | null }
    | { kind: 'picker'; picker: PickerKind }
    | { kind: 'requisites' }
    | { kind: 'group'; fields: Field[] }
    | { kind: 'list'; itemLabel: string; fields: Field[] }
  );

/** The schema of the field at a dotted path (list items are looked into without an index). */
function schemaAt(schema: z.ZodType, path: string): z.ZodType {
  let current = schema;
  for (const key of path.split('.')) {
    let inner = unwrapField(current);
    if (inner instanceof z.ZodArray) inner = unwrapField(inner.element as z.ZodType);
    if (!(inner instanceof z.ZodObject)) throw new Error(`No object at ${path}`);
    const next = (inner.shape as Record<string, z.ZodType | undefined>)[key];
    if (!next) throw new Error(`No field ${path}`);
    current = next;
  }
  return current;
}

type Options = Partial<Pick<Common, 'label' | 'isRequired' | 'isWide' | 'dependsOn'>>;

/** Field builders of one section: each takes the field's dotted path, its label from fieldLabels unless given. */
function builders(section: EditableSectionKey) {
  const schema = internSections[section].schema as z.ZodType;
  const labels = fieldLabels[section];
  const common = (path: string, options: Options): Common => {
    const label = options.label ?? labels[path];
    if (!label) throw new Error(`No label for ${section}.${path}`);
    return { ...options, name: path.split('.').at(-1)!, label };
  };
  return {
    text: (path: string, options: Options & { isMultiline?: boolean } = {}): Field => ({
      kind: 'text',
      ...common(path, options),
      isMultiline: options.isMultiline,
      maxLength: maxLengthOf(schemaAt(schema, path)),
    }),
    masked: (path: string, mask: string, options: Options = {}): Field => ({
      kind: 'masked',
      ...common(path, options),
      mask,
    }),
    date: (path: string, options: Options = {}): Field => ({ kind: 'date', ...common(path, options) }),
    number: (path: string, options: Options = {}): Field => ({ kind: 'number', ...common(path, options) }),
    flag: (path: string, options: Options = {}): Field => ({ kind: 'flag', ...common(path, options) }),
    select: (
      path: string,
      labelled: { labels: Record<number, string> },
      defaultValue: number | null,
      options: Options = {},
    ): Field => ({
      kind: 'select',
      ...common(path, options),
      options: Object.entries(labelled.labels).map(([value, label]) => ({ value: Number(value), label })),
      isNullable: defaultValue === null,
      defaultValue,
    }),
    picker: (path: string, picker: PickerKind, options: Options = {}): Field => ({
      kind: 'picker',
      ...common(path, options),
      picker,
    }),
    /** Requisites are titled as fieldLabels titles their number ('Решение: номер' → 'Решение'). */
    requisites: (path: string, options: Options = {}): Field => ({
      kind: 'requisites',
      ...common(path, { label: labels[`${path}.Number`]?.replace(/: номер$/, ''), ...options }),
    }),
    group: (path: string, label: string, fields: Field[]): Field => ({
      kind: 'group',
      ...common(path, { label }),
      fields,
    }),
    list: (path: string, itemLabel: string, fields: Field[]): Field => ({
      kind: 'list',
      ...common(path, {}),
      itemLabel,
      fields,
    }),
  };
}

function contacts(b: ReturnType<typeof builders>): Field {
  return b.group('Contacts', 'Контактные данные', [
    b.text('Contacts.PhoneNumber'),
    b.text('Contacts.EmailAddress'),
    b.text('Contacts.PostalAddress', { isWide: true }),
  ]);
}

function personName(b: ReturnType<typeof builders>): Field[] {
  return [
    b.text('LastName', { isRequired: true }),
    b.text('FirstName', { isRequired: true }),
    b.text('PatronymicName'),
  ];
}

const joined = (...parts: unknown[]) =>
  parts.filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');

type SectionFields = {
  fields: Field[];
  /** Values a new entry has beyond its fields' empty values. */
  extras?: Record<string, unknown>;
  /** The entry's heading on the card. */
  describe?: (entry: Entry) => string;
};

function personalInfo(): SectionFields {
  const b = builders('PersonalInfo');
  return {
    fields: [
      ...personName(b),
      b.masked('Snils', '###-###-### ##'),
      b.date('DateOfBirth'),
      b.group('Passport', 'Паспорт', [
        b.masked('Passport.Series', '## ##'),
        b.masked('Passport.Number', '### ###'),
        b.date('Passport.IssuedAt'),
        b.text('Passport.IssuedBy', { isWide: true }),
      ]),
      contacts(b),
      b.group('Education', 'Образование', [
        b.text('Education.Name', { isWide: true }),
        b.text('Education.Code'),
        b.text('Education.Qualification'),
      ]),
      b.picker('School', 'school', { isWide: true }),
    ],
    describe: (entry) => joined(entry.LastName, entry.FirstName, entry.PatronymicName),
  };
}

function supervisors(): SectionFields {
  const b = builders('Supervisors');
  return {
    fields: [
      ...personName(b),
      b.text('CadastreNumber'),
      b.text('GrkiNumber'),
      contacts(b),
      b.select('EmploymentType', employmentTypes, null),
      b.text('JuridicalShortName', {
        isWide: true,
        dependsOn: { field: 'EmploymentType', equals: EmploymentType.Employee },
      }),
    ],
    describe: (entry) => joined(entry.LastName, entry.FirstName, entry.PatronymicName),
  };
}

function internships(): SectionFields {
  const b = builders('Internships');
  const afterPause = { dependsOn: { field: 'PausedAt' } };
  return {
    fields: [
      b.picker('Organization', 'organization', { isRequired: true, isWide: true }),
      b.text('RegistryNumber'),
      b.date('StartedAt'),
      b.select('Status', internshipStatuses, InternshipStatus.Unknown),
      b.number('Duration'),
      b.picker('EndBasis', 'termination-reason', { isWide: true }),
      b.list('MiscInfo', 'Сведения', [
        b.date('MiscInfo.EndedAt', { label: 'Дата окончания стажировки' }),
        b.picker('MiscInfo.Address', 'address', { label: 'Место стажировки', isWide: true }),
        b.requisites('MiscInfo.AdmissionRequisites', { label: 'Приказ о допуске к стажировке' }),
        b.requisites('MiscInfo.ModificationRequisites', { label: 'Приказ об изменении' }),
      ]),
      b.list('PauseInfo', 'Приостановление', [
        b.date('PauseInfo.PausedAt', { label: 'Дата приостановления' }),
        b.text('PauseInfo.PauseDuration', { label: 'Срок приостановления', ...afterPause }),
        b.text('PauseInfo.PauseBasis', { label: 'Основание приостановления', isWide: true, ...afterPause }),
        b.requisites('PauseInfo.Requisites', { label: 'Документ о приостановлении', ...afterPause }),
      ]),
      b.list('ResumeInfo', 'Возобновление', [
        b.date('ResumeInfo.ResumedAt', { label: 'Дата возобновления' }),
        b.requisites('ResumeInfo.Requisites', {
          label: 'Документ о возобновлении',
          dependsOn: { field: 'ResumedAt' },
        }),
      ]),
      b.list('ContractInfo', 'Договор', [
        b.date('ContractInfo.ContractEndsAt', { label: 'Дата окончания договора' }),
        b.requisites('ContractInfo.Requisites', { label: 'Договор' }),
      ]),
    ],
    extras: { IsEmpty: false, IsCumulative: false },
    describe: (entry) => {
      const organization = entry.Organization as { Name: string } | null;
      // A registry number never breaks at its hyphens (the heading is text): non-breaking space and hyphens.
      const number = entry.RegistryNumber
        ? `№\u00a0${String(entry.RegistryNumber).replaceAll('-', '\u2011')}`
        : '';
      return [organization?.Name, number].filter(Boolean).join(', ');
    },
  };
}

function internshipSteps(): SectionFields {
  const b = builders('InternshipSteps');
  return {
    fields: [
      ...internshipStages.map(([key, title]) =>
        b.group(key, title, [
          b.date(`${key}.StartedAt`),
          b.date(`${key}.EndedAt`),
          b.flag(`${key}.HasPassed`),
          b.flag(`${key}.HasMaterials`),
        ]),
      ),
      b.requisites('SupervisorStatement', { isWide: true }),
      b.flag('HasPassed'),
    ],
  };
}

function examinations(): SectionFields {
  const b = builders('Examinations');
  return {
    fields: [
      b.date('HeldAt'),
      b.masked('HeldAtTime', '##:##'),
      b.text('GroupNumber'),
      b.text('CommissionName', { isWide: true }),
      b.requisites('DecisionRequisites'),
    ],
    describe: (entry) => joined(formatDate(entry.HeldAt as string | null), entry.HeldAtTime),
  };
}

function examinationResults(): SectionFields {
  const b = builders('ExaminationResults');
  return { fields: [b.number('CorrectAnswersNumber'), b.flag('HasPassed')] };
}

function examinationAppeals(): SectionFields {
  const b = builders('ExaminationAppeals');
  return {
    fields: [
      b.flag('HasBeenAppealed'),
      b.flag('HasApplicationPassed'),
      b.requisites('ApplicationRequisites'),
      b.requisites('DecisionRequisistes'),
    ],
  };
}

function reissues(): SectionFields {
  const b = builders('Reissues');
  return { fields: [b.requisites('ExaminationProtocol'), b.requisites('AppealProtocol')] };
}

/** The fields of every editable section, in the order the form shows them. */
export const sectionFields: Record<EditableSectionKey, SectionFields> = {
  PersonalInfo: personalInfo(),
  Supervisors: supervisors(),
  Internships: internships(),
  InternshipSteps: internshipSteps(),
  Examinations: examinations(),
  ExaminationResults: examinationResults(),
  ExaminationAppeals: examinationAppeals(),
  Reissues: reissues(),
};

export const editableSectionKeys = Object.keys(sectionFields) as EditableSectionKey[];

/** Limits of the parts of requisites, from the shared schema. */
export const requisitesLimits = {
  Number: maxLengthOf(RequisitesSchema.unwrap().shape.Number),
  UnstructuredValue: maxLengthOf(RequisitesSchema.unwrap().shape.UnstructuredValue),
};

/** The labels of the parts of requisites titled `title`, written as fieldLabels writes them. */
export function requisitesLabels(title: string) {
  return { Number: `${title}: номер`, Date: `${title}: дата`, UnstructuredValue: `${title}: текст` };
}

/** What the parts of requisites show inside the box titled with the requisites' name. */
export const requisitesShortLabels = { Number: 'Номер', Date: 'Дата', UnstructuredValue: 'Текст' };

/** What a field holds when nothing is entered. */
function emptyValue(field: Field): unknown {
  switch (field.kind) {
    case 'flag':
      return false;
    case 'select':
      return field.defaultValue;
    case 'requisites':
      return { Number: null, Date: null, UnstructuredValue: null };
    case 'group':
      return emptyValues(field.fields);
    case 'list':
      return [];
    default:
      return null;
  }
}

/** An object of the fields' empty values, for a new entry or a new item of a list. */
export function emptyValues(fields: Field[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)]));
}

/** A new, empty entry of a section with the given (temporary) id. */
export function emptyEntry(section: EditableSectionKey, id: number): Entry {
  const { fields, extras } = sectionFields[section];
  return { Id: id, Entry_Id: null, ...emptyValues(fields), ...extras };
}
