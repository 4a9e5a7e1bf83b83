import {
  EmploymentType,
  InternshipStatus,
  internshipStages,
  type DictionaryRef,
  type Internship,
  type InternshipSteps,
  type NamedRef,
  type PersonalInfo,
  type Supervisor,
} from '@registry/shared';
import type { z } from 'zod';
import {
  SheetDate,
  cellText,
  parseCell,
  type CellValue,
  type Parsed,
  type PureKind,
} from '../rows/change-file-cells.js';
import type { ChangeFileRow } from '../rows/change-file-rows.js';
import type { ChangeFileColumn, ChangeFileSection } from '../rows/change-file-columns.js';
import { cellMessages, cellProblem, noticeMessages } from '../rows/change-file-messages.js';
import type { DictionaryIndex } from '../rows/dictionary-match.js';
import { copyOf, emptyListEntries, emptySections } from './section-schemas.js';
import { isFilled, type SheetRow } from './formats/sheet-grid.js';

/*
 * One spreadsheet row → the four sections of a trainee as the shared schemas shape them. Each cell is read
 * by its column's kind and then checked and normalised by its field's shared schema, so an imported row is
 * exactly what the card would accept; then the rules that join fields (age, dates in order, what a filled
 * group needs) run. Every problem of the row is kept, one per cell.
 */

/** A column the file has: where it is, what it holds, and the shared schema of its field. */
export interface FoundColumn {
  index: number;
  column: ChangeFileColumn;
  schema: z.ZodType;
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
  cellCache: CellCache;
}

/**
 * Cells read by their column's kind and its field's shared schema, remembered per column: statuses, flags,
 * dates, schools and supervisors repeat from row to row, and a shared schema costs more than a lookup.
 * The key keeps the cell's type, since a number and a text that look alike read differently.
 */
// Beyond this many different values a column's cells are read each time: the cache stays small.
const MAX_CACHED_PER_COLUMN = 20_000;

export class CellCache {
  // By column, then by the cell's type, then by its text.
  private readonly byColumn = new Map<ChangeFileColumn, Map<string, Map<string, Parsed>>>();

  read(column: ChangeFileColumn, schema: z.ZodType, value: CellValue, text: string): Parsed {
    let byType = this.byColumn.get(column);
    if (!byType) this.byColumn.set(column, (byType = new Map()));
    const type = value instanceof SheetDate ? 'date' : typeof value;
    let cache = byType.get(type);
    if (!cache) byType.set(type, (cache = new Map()));
    let outcome = cache.get(text);
    if (!outcome) {
      outcome = parseCell(column.kind as PureKind, value, text);
      if (outcome.ok) {
        // The field's shared schema has the last word: lengths, name letters, e-mail, masks.
        const checked = schema.safeParse(outcome.value);
        outcome = checked.success
          ? { ok: true, value: checked.data }
          : { ok: false, problem: lowerFirst(checked.error.issues[0]!.message) };
      }
      if (cache.size < MAX_CACHED_PER_COLUMN) cache.set(text, outcome);
    }
    return outcome;
  }
}

type Section = Record<string, unknown>;
type ListName = keyof typeof emptyListEntries;

const LISTS = new Set<string>(Object.keys(emptyListEntries));

/** Collects a row's problems, at most one per column. */
class RowProblems {
  private readonly byColumn = new Map<ChangeFileColumn, string>();

  constructor(
    private readonly rowNumber: number,
    private readonly context: RowContext,
  ) {}

  add(column: ChangeFileColumn, message: string) {
    if (!this.byColumn.has(column)) this.byColumn.set(column, message);
  }

  get size(): number {
    return this.byColumn.size;
  }

  lines(): string[] {
    return [...this.byColumn]
      .sort(([a], [b]) => this.context.positionOf(a) - this.context.positionOf(b))
      .map(([column, message]) => cellProblem(this.rowNumber, column.header, message));
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

/** The row being read: its sections as copies of the empty ones, filled in cell by cell. */
interface RowDraft {
  sections: Record<ChangeFileSection, Section>;
  /** The entries the row adds to the internship's lists, by list. */
  lists: Partial<Record<ListName, Section>>;
  filled: Set<ChangeFileColumn>;
  raw: Record<string, string>;
  notices: string[];
  hasSupervisor: boolean;
  newSchool: string | null;
}

function put(draft: RowDraft, column: ChangeFileColumn, value: unknown) {
  const [first, ...rest] = column.keys as [string, ...string[]];
  if (column.section === 'Internship' && LISTS.has(first)) {
    const list = first as ListName;
    draft.lists[list] ??= copyOf(emptyListEntries[list]);
    setPath(draft.lists[list], rest, value);
  } else setPath(draft.sections[column.section], column.keys, value);
}

function emptyDraft(context: RowContext): RowDraft {
  return {
    sections: {
      PersonalInfo: copyOf(emptySections.PersonalInfo),
      Supervisor: copyOf(emptySections.Supervisor),
      Internship: { ...copyOf(emptySections.Internship), Organization: context.organization },
      InternshipSteps: copyOf(emptySections.InternshipSteps),
    },
    lists: {},
    filled: new Set(),
    raw: {},
    notices: [],
    hasSupervisor: false,
    newSchool: null,
  };
}

/** Reads one filled cell into the draft by its column's kind, or records its problem. */
function readCell(
  draft: RowDraft,
  problems: RowProblems,
  found: FoundColumn,
  value: CellValue,
  context: RowContext,
) {
  const { column, schema } = found;
  const text = cellText(value);
  draft.raw[column.header] = text;
  draft.filled.add(column);
  if (column.section === 'Supervisor') draft.hasSupervisor = true;
  switch (column.kind) {
    case 'school': {
      const school = context.schools.find(text);
      put(draft, column, school ?? null);
      if (!school) {
        draft.newSchool = context.importSchools ? text : null;
        draft.notices.push(
          context.importSchools ? noticeMessages.schoolWillBeAdded(text) : noticeMessages.schoolUnknown(text),
        );
      }
      break;
    }
    case 'address':
    case 'terminationReason': {
      const index = column.kind === 'address' ? context.addresses : context.terminationReasons;
      const entry = index.find(text);
      if (entry) put(draft, column, entry);
      else {
        const closest = index.closest(text);
        problems.add(
          column,
          cellMessages.notInDictionary(text, dictionaryName[column.kind], index.size, closest),
        );
      }
      break;
    }
    default: {
      const outcome = context.cellCache.read(column, schema, value, text);
      if (outcome.ok) put(draft, column, copyOf(outcome.value));
      else problems.add(column, outcome.problem);
    }
  }
}

/**
 * Whether a row must fill the column. SNILS finds a row's trainee; a row of a pre-filled file keyed by
 * «Номер в реестре» is found by its key, so it may leave SNILS empty, as the register's trainee may have none.
 */
const isRequiredIn = (column: FoundColumn['column'], isKeyed: boolean) =>
  column.required === true && !(isKeyed && column.kind === 'snils');

/** The rules that join fields, run once every cell is read: required columns, then section by section. */
function checkRow(
  draft: RowDraft,
  columns: FoundColumn[],
  context: RowContext,
  problems: RowProblems,
  isKeyed: boolean,
) {
  // Every rule below names a field of the template, so its column exists.
  const at = (section: ChangeFileSection, path: string) => context.columnAt(section, path)!;
  const isFilledAt = (section: ChangeFileSection, path: string) => draft.filled.has(at(section, path));
  for (const { column } of columns) {
    if (isRequiredIn(column, isKeyed) && !draft.filled.has(column))
      problems.add(column, cellMessages.required);
  }
  const { PersonalInfo, Supervisor, Internship, InternshipSteps } = draft.sections;
  checkPerson(PersonalInfo, context.today, problems, at);
  if (draft.hasSupervisor) checkSupervisor(Supervisor, isFilledAt, problems, at);
  checkInternship(Internship, draft.lists, isFilledAt, problems, at);
  checkSteps(InternshipSteps, problems, at);
}

/**
 * Reads one data row into its sections, or lists all its problems. `isKeyed`: the row names its trainee by
 * «Номер в реестре».
 */
export function readRow(
  sheetRow: SheetRow,
  columns: FoundColumn[],
  context: RowContext,
  isKeyed = false,
): ReadRowResult {
  const problems = new RowProblems(sheetRow.number, context);
  const draft = emptyDraft(context);
  for (const found of columns) {
    const value = sheetRow.cells[found.index];
    if (isFilled(value)) readCell(draft, problems, found, value, context);
  }
  checkRow(draft, columns, context, problems, isKeyed);

  const { PersonalInfo, Supervisor, Internship, InternshipSteps } = draft.sections;
  const { newSchool } = draft;
  const identity = {
    snils: (PersonalInfo.Snils as string | null) ?? null,
    registryNumber: (Internship.RegistryNumber as string | null) ?? null,
  };
  if (problems.size > 0) return { row: null, problems: problems.lines(), identity, newSchool };
  for (const [list, entry] of Object.entries(draft.lists)) Internship[list] = [entry];
  return {
    row: {
      rowNumber: sheetRow.number,
      PersonalInfo: PersonalInfo as PersonalInfo,
      Supervisors: draft.hasSupervisor ? [Supervisor as Supervisor] : [],
      Internship: Internship as Internship,
      InternshipSteps: InternshipSteps as InternshipSteps,
      raw: draft.raw,
      notices: draft.notices,
    },
    problems: [],
    identity,
    newSchool,
  };
}

const dictionaryName = { address: 'адресов', terminationReason: 'оснований прекращения' } as const;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Sets `Passport.Series` in a section. */
function setPath(section: Section, keys: string[], value: unknown) {
  let node = section;
  for (let i = 0; i < keys.length - 1; i++) node = (node[keys[i]!] ??= {}) as Section;
  node[keys[keys.length - 1]!] = value;
}

/** A date field of a section's part (`Passport`) or of a list entry, if the row has it. */
function dateIn(part: unknown, field: string): string | null {
  return ((part as Section | undefined)?.[field] as string | null | undefined) ?? null;
}

type At = (section: ChangeFileSection, path: string) => ChangeFileColumn;
type IsFilledAt = (section: ChangeFileSection, path: string) => boolean;

function yearsBetween(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

function checkPerson(person: Section, today: string, problems: RowProblems, at: At) {
  const birth = person.DateOfBirth as string | null;
  if (birth) {
    const age = yearsBetween(birth, today);
    if (birth >= today) problems.add(at('PersonalInfo', 'DateOfBirth'), cellMessages.birthInFuture);
    else if (age < 16 || age > 100) problems.add(at('PersonalInfo', 'DateOfBirth'), cellMessages.age(age));
  }
  const issued = dateIn(person.Passport, 'IssuedAt');
  if (birth && issued && issued < birth) {
    problems.add(at('PersonalInfo', 'Passport.IssuedAt'), cellMessages.issuedBeforeBirth);
  }
}

function checkSupervisor(supervisor: Section, isFilledAt: IsFilledAt, problems: RowProblems, at: At) {
  for (const path of ['LastName', 'FirstName', 'CadastreNumber']) {
    if (!isFilledAt('Supervisor', path))
      problems.add(at('Supervisor', path), cellMessages.supervisorRequired);
  }
  // The one rule SupervisorSchema keeps for the whole section.
  if (
    supervisor.EmploymentType === EmploymentType.Employee &&
    !isFilledAt('Supervisor', 'JuridicalShortName')
  ) {
    problems.add(at('Supervisor', 'JuridicalShortName'), cellMessages.juridicalNameRequired);
  }
}

function checkInternship(
  internship: Section,
  lists: RowDraft['lists'],
  isFilledAt: IsFilledAt,
  problems: RowProblems,
  at: At,
) {
  const started = internship.StartedAt as string | null;
  if (internship.Status === InternshipStatus.Terminated && !isFilledAt('Internship', 'EndBasis')) {
    problems.add(at('Internship', 'EndBasis'), cellMessages.reasonRequired);
  }
  const paused = dateIn(lists.PauseInfo, 'PausedAt');
  const resumed = dateIn(lists.ResumeInfo, 'ResumedAt');
  const notBefore = (date: string | null, earliest: string | null, path: string, message: string) => {
    if (date && earliest && date < earliest) problems.add(at('Internship', path), message);
  };
  notBefore(dateIn(lists.MiscInfo, 'EndedAt'), started, 'MiscInfo.EndedAt', cellMessages.beforeStart);
  notBefore(paused, started, 'PauseInfo.PausedAt', cellMessages.beforeStart);
  notBefore(resumed, paused, 'ResumeInfo.ResumedAt', cellMessages.beforePause);
  if (lists.PauseInfo && !isFilledAt('Internship', 'PauseInfo.PausedAt')) {
    problems.add(at('Internship', 'PauseInfo.PausedAt'), cellMessages.pauseDateRequired);
  }
  if (lists.ResumeInfo && !isFilledAt('Internship', 'ResumeInfo.ResumedAt')) {
    problems.add(at('Internship', 'ResumeInfo.ResumedAt'), cellMessages.resumeDateRequired);
  }
}

function checkSteps(steps: Section, problems: RowProblems, at: At) {
  for (const [key] of internshipStages) {
    const step = steps[key] as Section;
    const started = step.StartedAt as string | null;
    const ended = step.EndedAt as string | null;
    if (started && ended && ended < started) {
      problems.add(at('InternshipSteps', `${key}.EndedAt`), cellMessages.beforeStepStart);
    }
    if (step.HasPassed === true && !ended) {
      problems.add(at('InternshipSteps', `${key}.HasPassed`), cellMessages.passedWithoutEnd);
    }
  }
}
