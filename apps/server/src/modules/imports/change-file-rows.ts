import {
  EmploymentType,
  InternshipSchema,
  InternshipStatus,
  InternshipStepsSchema,
  PersonalInfoSchema,
  SupervisorSchema,
  internshipStages,
  type DictionaryRef,
  type Internship,
  type InternshipSteps,
  type NamedRef,
  type PersonalInfo,
  type Supervisor,
} from '@registry/shared';
import type { z } from 'zod';
import { cellText, parseCell } from './change-file-cells.js';
import type { ChangeFileColumn, ChangeFileSection } from './change-file-columns.js';
import { cellMessages, cellProblem, noticeMessages } from './change-file-messages.js';
import type { DictionaryIndex } from './dictionary-match.js';
import { isFilled, type SheetRow } from './sheet-grid.js';

/*
 * One spreadsheet row → the four sections of a trainee as the shared schemas shape them. Each cell is read
 * by its column's kind; then the rules that join fields (age, dates in order, what a filled group needs)
 * run; then the shared schemas check and normalise the sections, so an imported row is exactly what the
 * card would accept. Every problem of the row is kept, one per cell.
 */

/** A parsed row of the change file: what the import stores and the review compares with the register. */
export interface ChangeFileRow {
  /** The spreadsheet's own row number. */
  rowNumber: number;
  PersonalInfo: PersonalInfo;
  /** The row's supervisor, or none when no supervisor cell is filled. */
  Supervisors: Supervisor[];
  Internship: Internship;
  InternshipSteps: InternshipSteps;
  /**
   * The filled cells' text by header. Only filled cells are here: a field whose header is missing was not
   * reported in this file and must leave the register's value as it is.
   */
  raw: Record<string, string>;
  notices: string[];
}

/** A column the file has: where it is and what it holds. */
export interface FoundColumn {
  index: number;
  column: ChangeFileColumn;
}

export interface RowContext {
  organization: NamedRef;
  importSchools: boolean;
  schools: DictionaryIndex<NamedRef>;
  addresses: DictionaryIndex<DictionaryRef>;
  terminationReasons: DictionaryIndex<DictionaryRef>;
  /** Today, `yyyy-MM-dd`: ages and «in the past» are counted from it. */
  today: string;
  /** The template's column of a field, whether or not the file has it, for messages. */
  columnAt: (section: ChangeFileSection, path: string) => ChangeFileColumn | undefined;
  /** Where a column sits in the file, to list a row's problems left to right. */
  positionOf: (column: ChangeFileColumn) => number;
}

type Section = Record<string, unknown>;

const LISTS = ['MiscInfo', 'PauseInfo', 'ResumeInfo', 'ContractInfo'] as const;
// A new entry has a negative id until it is saved (SPEC.md §4).
const NEW_ENTRY = -1;

/** Collects a row's problems, at most one per column. */
class RowProblems {
  private readonly byColumn = new Map<ChangeFileColumn, string>();
  private readonly ofRow: string[] = [];

  constructor(
    private readonly rowNumber: number,
    private readonly context: RowContext,
  ) {}

  add(column: ChangeFileColumn, message: string) {
    if (!this.byColumn.has(column)) this.byColumn.set(column, message);
  }

  /** A problem no column is about; the shared schemas' rules all have their columns, so this is a safety net. */
  addToRow(message: string) {
    this.ofRow.push(`Строка ${this.rowNumber}: ${message}`);
  }

  has(column: ChangeFileColumn): boolean {
    return this.byColumn.has(column);
  }

  get size(): number {
    return this.byColumn.size + this.ofRow.length;
  }

  lines(): string[] {
    return [
      ...[...this.byColumn]
        .sort(([a], [b]) => this.context.positionOf(a) - this.context.positionOf(b))
        .map(([column, message]) => cellProblem(this.rowNumber, column.header, message)),
      ...this.ofRow,
    ];
  }
}

export interface ReadRowResult {
  /** The row, or null when it has problems, which are then all listed. */
  row: ChangeFileRow | null;
  problems: string[];
  /** What must be unique in a file, as far as the cells could be read, even in a row with problems. */
  identity: { snils: string | null; registryNumber: string | null };
  newSchool: string | null;
}

/** Reads one data row into its sections, or lists all its problems. */
export function readRow(sheetRow: SheetRow, columns: FoundColumn[], context: RowContext): ReadRowResult {
  const problems = new RowProblems(sheetRow.number, context);
  const sections: Record<ChangeFileSection, Section> = {
    PersonalInfo: { Id: NEW_ENTRY },
    Supervisor: { Id: NEW_ENTRY },
    Internship: { Id: NEW_ENTRY, Organization: context.organization },
    InternshipSteps: { Id: NEW_ENTRY },
  };
  const raw: Record<string, string> = {};
  const notices: string[] = [];
  const filled = new Set<ChangeFileColumn>();
  let newSchool: string | null = null;

  for (const { index, column } of columns) {
    const value = sheetRow.cells[index];
    if (!isFilled(value)) continue;
    const text = cellText(value);
    raw[column.header] = text;
    filled.add(column);
    switch (column.kind) {
      case 'school': {
        const school = context.schools.find(text);
        setPath(sections.PersonalInfo, column.path, school ?? null);
        if (!school) {
          newSchool = context.importSchools ? text : null;
          notices.push(
            context.importSchools
              ? noticeMessages.schoolWillBeAdded(text)
              : noticeMessages.schoolUnknown(text),
          );
        }
        break;
      }
      case 'address':
      case 'terminationReason': {
        const index = column.kind === 'address' ? context.addresses : context.terminationReasons;
        const entry = index.find(text);
        if (entry) setPath(sections[column.section], column.path, entry);
        else
          problems.add(
            column,
            cellMessages.notInDictionary(text, dictionaryName[column.kind], index.size, index.closest(text)),
          );
        break;
      }
      default: {
        const parsed = parseCell(column.kind, value, text);
        if (parsed.ok) setPath(sections[column.section], column.path, parsed.value);
        else problems.add(column, parsed.problem);
      }
    }
  }

  // Every rule below names a field of the template, so its column exists.
  const at = (section: ChangeFileSection, path: string) => context.columnAt(section, path)!;
  for (const column of columns.map((found) => found.column)) {
    if (column.required && !filled.has(column)) problems.add(column, cellMessages.required);
  }
  checkPerson(sections.PersonalInfo, context.today, problems, at);
  const hasSupervisor = [...filled].some((column) => column.section === 'Supervisor');
  if (hasSupervisor) checkSupervisor(sections.Supervisor, problems, at);
  checkInternship(sections.Internship, filled, problems, at);
  checkSteps(sections.InternshipSteps, problems, at);

  for (const list of LISTS) {
    const entry = sections.Internship[list];
    sections.Internship[list] = entry ? [entry] : [];
  }
  const check = <Schema extends z.ZodType>(schema: Schema, section: ChangeFileSection) =>
    validate(schema, sections[section], (path) => context.columnAt(section, path), problems);
  const PersonalInfo = check(PersonalInfoSchema, 'PersonalInfo');
  const Supervisor = hasSupervisor ? check(SupervisorSchema, 'Supervisor') : null;
  const Internship = check(InternshipSchema, 'Internship');
  const InternshipSteps = check(InternshipStepsSchema, 'InternshipSteps');

  const identity = {
    snils: (sections.PersonalInfo.Snils as string | undefined) ?? null,
    registryNumber: (sections.Internship.RegistryNumber as string | undefined) ?? null,
  };
  // A section that fails its schema always leaves a problem, so the checks of null only narrow the types.
  if (
    problems.size > 0 ||
    !PersonalInfo ||
    !Internship ||
    !InternshipSteps ||
    (hasSupervisor && !Supervisor)
  ) {
    return { row: null, problems: problems.lines(), identity, newSchool };
  }
  return {
    row: {
      rowNumber: sheetRow.number,
      PersonalInfo,
      Supervisors: Supervisor ? [Supervisor] : [],
      Internship,
      InternshipSteps,
      raw,
      notices,
    },
    problems: [],
    identity,
    newSchool,
  };
}

const dictionaryName = { address: 'адресов', terminationReason: 'оснований прекращения' } as const;

/** Sets `Passport.Series` in a section; the first part of a list group's path names the entry being built. */
function setPath(section: Section, path: string, value: unknown) {
  const parts = path.split('.');
  let node = section;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Section;
  node[parts[parts.length - 1]!] = value;
}

function getPath(section: Section, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Section | undefined)?.[part], section);
}

type At = (section: ChangeFileSection, path: string) => ChangeFileColumn;

function yearsBetween(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

function checkPerson(person: Section, today: string, problems: RowProblems, at: At) {
  const birth = person.DateOfBirth as string | undefined;
  if (birth) {
    const age = yearsBetween(birth, today);
    if (birth >= today) problems.add(at('PersonalInfo', 'DateOfBirth'), cellMessages.birthInFuture);
    else if (age < 16 || age > 100) problems.add(at('PersonalInfo', 'DateOfBirth'), cellMessages.age(age));
  }
  const issued = getPath(person, 'Passport.IssuedAt') as string | undefined;
  if (birth && issued && issued < birth) {
    problems.add(at('PersonalInfo', 'Passport.IssuedAt'), cellMessages.issuedBeforeBirth);
  }
}

function checkSupervisor(supervisor: Section, problems: RowProblems, at: At) {
  for (const path of ['LastName', 'FirstName', 'CadastreNumber']) {
    if (supervisor[path] === undefined) problems.add(at('Supervisor', path), cellMessages.supervisorRequired);
  }
  if (supervisor.EmploymentType === EmploymentType.Employee && supervisor.JuridicalShortName === undefined) {
    problems.add(at('Supervisor', 'JuridicalShortName'), cellMessages.juridicalNameRequired);
  }
}

function checkInternship(internship: Section, filled: Set<ChangeFileColumn>, problems: RowProblems, at: At) {
  const started = internship.StartedAt as string | undefined;
  if (internship.Status === InternshipStatus.Terminated && internship.EndBasis === undefined) {
    const column = at('Internship', 'EndBasis');
    if (!problems.has(column)) problems.add(column, cellMessages.reasonRequired);
  }
  const laterThan = (path: string, earliest: string | undefined, message: string) => {
    const date = getPath(internship, path) as string | undefined;
    if (date && earliest && date < earliest) problems.add(at('Internship', path), message);
  };
  laterThan('MiscInfo.EndedAt', started, cellMessages.beforeStart);
  laterThan('PauseInfo.PausedAt', started, cellMessages.beforeStart);
  laterThan(
    'ResumeInfo.ResumedAt',
    getPath(internship, 'PauseInfo.PausedAt') as string | undefined,
    cellMessages.beforePause,
  );
  const groupFilled = (list: string) =>
    [...filled].some((column) => column.section === 'Internship' && column.path.startsWith(`${list}.`));
  if (groupFilled('PauseInfo') && getPath(internship, 'PauseInfo.PausedAt') === undefined) {
    problems.add(at('Internship', 'PauseInfo.PausedAt'), cellMessages.pauseDateRequired);
  }
  if (groupFilled('ResumeInfo') && getPath(internship, 'ResumeInfo.ResumedAt') === undefined) {
    problems.add(at('Internship', 'ResumeInfo.ResumedAt'), cellMessages.resumeDateRequired);
  }
}

function checkSteps(steps: Section, problems: RowProblems, at: At) {
  for (const [key] of internshipStages) {
    const step = (steps[key] ?? {}) as Section;
    const started = step.StartedAt as string | undefined;
    const ended = step.EndedAt as string | undefined;
    if (started && ended && ended < started) {
      problems.add(at('InternshipSteps', `${key}.EndedAt`), cellMessages.beforeStepStart);
    }
    if (step.HasPassed === true && !ended) {
      problems.add(at('InternshipSteps', `${key}.HasPassed`), cellMessages.passedWithoutEnd);
    }
  }
}

/** Parses a section with its shared schema; each issue becomes a problem of the column it is about. */
function validate<Schema extends z.ZodType>(
  schema: Schema,
  input: Section,
  columnAt: (path: string) => ChangeFileColumn | undefined,
  problems: RowProblems,
): z.output<Schema> | null {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const message = issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
    // List entries sit at index 0 of their list, and the parts of requisites belong to their one column:
    // the issue's column is the longest template path its own path starts with.
    let path = issue.path.filter((part) => typeof part === 'string').join('.');
    let column = columnAt(path);
    while (!column && path.includes('.')) {
      path = path.slice(0, path.lastIndexOf('.'));
      column = columnAt(path);
    }
    if (column) problems.add(column, message);
    else problems.addToRow(message);
  }
  return null;
}
