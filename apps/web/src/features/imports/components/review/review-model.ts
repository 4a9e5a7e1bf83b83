import { internSections, type ChangeReview, type NamedRef, type SubmitChange } from '@registry/shared';
import { valueAt } from '@/lib/value-at';

/*
 * A row's review as data (docs/screens.md#row-processing): the row's entries beside the record's, what the
 * operator decided for each changed field, and what `submit` sends. Pure functions over plain values, so
 * that each rule is tested without a screen.
 */

export type ReviewSectionKey = 'PersonalInfo' | 'Supervisors' | 'Internship' | 'InternshipSteps';

/** The card's section each review section is: its title, its form and its schema. */
export const cardSectionOf = {
  PersonalInfo: 'PersonalInfo',
  Supervisors: 'Supervisors',
  Internship: 'Internships',
  InternshipSteps: 'InternshipSteps',
} as const;

/** The four sections in the order of the left menu. */
export const reviewSectionKeys = Object.keys(cardSectionOf) as ReviewSectionKey[];

export const sectionTitle = (section: ReviewSectionKey) => internSections[cardSectionOf[section]].title;

/** An entry of a section as the API sends it. */
export type Entry = { Id: number } & Record<string, unknown>;

/**
 * How a cell of a pre-filled file's row stands since the download (docs/row-review.md, «Since the download»):
 * changed by both the file and the register, changed by the register alone (the register's value stays), or
 * emptied in the file (the register's value stays unless the operator clears it).
 */
export type CellMark = 'conflict' | 'changedInRegister' | 'cleared';

/** One entry of the row beside the record's: a section's, or one supervisor's. */
export type ComparedEntry = {
  /** Unique in the review: 'Internship', 'Supervisors.1'. */
  key: string;
  section: ReviewSectionKey;
  /** The place among the section's entries (supervisors), from 0. */
  index: number;
  Old: Entry | null;
  New: Entry | null;
  HasChanges: boolean;
  /** The entry's cells marked since the download, by path. */
  marks: Record<string, CellMark>;
};

type Compared = { Old: unknown; New: unknown; HasChanges: boolean };

/** The marks of a review's cells by entry and path. */
function marksOf(review: ChangeReview): Record<string, Record<string, CellMark>> {
  const marks: Record<string, Record<string, CellMark>> = {};
  const mark = (kind: CellMark) => (cell: { Entry: string; Path: string }) => {
    marks[cell.Entry] = { ...marks[cell.Entry], [cell.Path]: kind };
  };
  review.SinceExport?.ChangedInRegister.forEach(mark('changedInRegister'));
  review.SinceExport?.Cleared.forEach(mark('cleared'));
  review.SinceExport?.Conflicts.forEach(mark('conflict'));
  return marks;
}

/** True when the path names a list of the entry (an internship's pauses): its entries are never erased here. */
const isListPath = (entry: Entry | null, path: string) => Array.isArray(entry?.[path.split('.')[0]!]);

/** The fields of a record's entry that the file emptied though it was given them filled, lists aside. */
export function clearedFields(entry: Pick<ComparedEntry, 'Old' | 'marks'>): string[] {
  if (!entry.Old) return [];
  return Object.keys(entry.marks).filter(
    (path) => entry.marks[path] === 'cleared' && !isListPath(entry.Old, path),
  );
}

function comparedOf(
  section: ReviewSectionKey,
  index: number,
  key: string,
  value: Compared,
  marks: Record<string, Record<string, CellMark>>,
): ComparedEntry {
  const entry = {
    key,
    section,
    index,
    Old: value.Old as Entry | null,
    New: value.New as Entry | null,
    HasChanges: value.HasChanges,
    marks: marks[key] ?? {},
  };
  // The server keeps the register's value of a cell the file emptied; the screen offers the file's emptiness
  // beside it as an erase the operator may confirm (startDecisions keeps the register's value meanwhile).
  const cleared = clearedFields(entry);
  if (cleared.length === 0 || !entry.New) return entry;
  return {
    ...entry,
    New: cleared.reduce((result, path) => withValueAt(result, path, null), entry.New),
    HasChanges: true,
  };
}

/**
 * The section a row opens on: the internship when the operator is to choose which of the trainee's the row
 * goes into (`InternshipChoices`), else the first the file changes.
 */
export function startSection(review: ChangeReview, entries: ComparedEntry[]): ReviewSectionKey {
  if (review.InternshipChoices.length > 0) return 'Internship';
  return entries.find((entry) => entry.HasChanges)?.section ?? 'PersonalInfo';
}

/** The row's entries, section by section in the menu's order. */
export function comparedEntries(review: ChangeReview): ComparedEntry[] {
  const marks = marksOf(review);
  return [
    comparedOf('PersonalInfo', 0, 'PersonalInfo', review.PersonalInfo, marks),
    ...review.Supervisors.map((supervisor, index) =>
      comparedOf('Supervisors', index, `Supervisors.${index}`, supervisor, marks),
    ),
    comparedOf('Internship', 0, 'Internship', review.Internship, marks),
    comparedOf('InternshipSteps', 0, 'InternshipSteps', review.InternshipSteps, marks),
  ];
}

/** A copy of the entry with `value` at the dotted path. */
export function withValueAt(entry: Entry, path: string, value: unknown): Entry {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...entry, [key]: structuredClone(value) };
  const inner = entry[key];
  const child = (inner !== null && typeof inner === 'object' ? inner : {}) as Entry;
  return { ...entry, [key]: withValueAt(child, rest.join('.'), value) };
}

const isRef = (value: object): value is { Id: number } =>
  'Id' in value && typeof value.Id === 'number' && ('Name' in value || 'Value' in value);

/**
 * A value as change detection sees it: text trimmed with its spaces folded, a reference to a dictionary by
 * its Id, object keys in order; whatever holds nothing (empty text, an unset flag, an empty list, requisites
 * with no part filled) as null. An entry's own Id and place are not its content.
 */
function comparable(value: unknown, isEntry = false): unknown {
  if (value === undefined || value === null || value === false) return null;
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map((item) => comparable(item));
  if (typeof value !== 'object') return value;
  if (!isEntry && isRef(value)) return { Id: value.Id };
  const entries = Object.entries(value)
    .filter(([key]) => !isEntry || (key !== 'Id' && key !== 'Entry_Id'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, item]) => [key, comparable(item)] as const);
  return entries.every(([, item]) => item === null) ? null : Object.fromEntries(entries);
}

/** True when a field holds nothing: no text, no date, an unset flag, an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return comparable(value) === null;
}

/** True when two values of a field hold the same data. */
export function isSameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
}

/** True when two entries hold the same data, whatever their Ids. */
export function isSameEntry(a: Entry, b: Entry): boolean {
  return JSON.stringify(comparable(a, true)) === JSON.stringify(comparable(b, true));
}

/**
 * What the operator has decided so far: each entry as it will be sent, the new entries left out, and the
 * fields of each entry still awaiting the operator's decision (their register's value is sent meanwhile).
 */
export type Decisions = {
  results: Record<string, Entry | null>;
  excluded: Record<string, boolean>;
  undecided: Record<string, string[]>;
  /** The row names a school the dictionary lacks, and the operator has not yet said which school to keep. */
  isSchoolUndecided: boolean;
};

/** The fields that say who a trainee is: a file changes them only when the operator says so. */
export const identityPaths = ['LastName', 'FirstName', 'PatronymicName', 'Snils', 'DateOfBirth'] as const;

/**
 * The identity fields of a record's entry that the file would replace with another value. A value the record
 * lacks is filled from the file (nothing is lost); a new trainee has nothing to replace.
 */
export function identityConflicts(entry: ComparedEntry): string[] {
  if (entry.section !== 'PersonalInfo' || !entry.Old || !entry.New) return [];
  const { Old, New } = entry;
  return identityPaths.filter((path) => {
    const [oldValue, newValue] = [valueAt(Old, path), valueAt(New, path)];
    return !isEmptyValue(oldValue) && !isEmptyValue(newValue) && !isSameValue(oldValue, newValue);
  });
}

/**
 * The fields of a pre-filled file's row that the file and the register both changed since the download, each
 * its own way: a field of an entry, not of an internship's list (the server keeps the register's entries).
 */
export function downloadConflicts(entry: ComparedEntry): string[] {
  if (!entry.Old || !entry.New) return [];
  const { Old, New } = entry;
  return Object.keys(entry.marks).filter(
    (path) =>
      entry.marks[path] === 'conflict' &&
      !isListPath(Old, path) &&
      !isSameValue(valueAt(Old, path), valueAt(New, path)),
  );
}

/**
 * Every entry starts as the file has it, except an identity field the file would replace and a field both
 * the file and the register changed since the download: each keeps the register's value until the operator
 * decides; so does the school when the row names one the dictionary lacks (`unknownSchool`). A field the file
 * emptied keeps the register's value too, decided: the erase is applied only if the operator takes it.
 */
export function startDecisions(entries: ComparedEntry[], unknownSchool: string | null = null): Decisions {
  const results: Decisions['results'] = {};
  const undecided: Decisions['undecided'] = {};
  for (const entry of entries) {
    const conflicts = [...new Set([...identityConflicts(entry), ...downloadConflicts(entry)])];
    results[entry.key] =
      entry.New &&
      [...conflicts, ...clearedFields(entry)].reduce(
        (result, path) => withValueAt(result, path, valueAt(entry.Old, path) ?? null),
        structuredClone(entry.New),
      );
    if (conflicts.length > 0) undecided[entry.key] = conflicts;
  }
  const hasPerson = entries.some((entry) => entry.section === 'PersonalInfo' && entry.New !== null);
  return { results, excluded: {}, undecided, isSchoolUndecided: hasPerson && Boolean(unknownSchool) };
}

const withoutUndecided = (decisions: Decisions, key: string, isDecided: (path: string) => boolean) => ({
  ...decisions.undecided,
  [key]: (decisions.undecided[key] ?? []).filter((path) => !isDecided(path)),
});

export type Side = 'old' | 'new';

/** Keeps the register's value of a field ('old') or takes the file's ('new'): the field is decided. */
export function chooseValue(decisions: Decisions, entry: ComparedEntry, path: string, side: Side): Decisions {
  const result = decisions.results[entry.key] ?? entry.New;
  if (!result) return decisions;
  const value = valueAt(side === 'old' ? entry.Old : entry.New, path) ?? null;
  return {
    ...decisions,
    results: { ...decisions.results, [entry.key]: withValueAt(result, path, value) },
    undecided: withoutUndecided(decisions, entry.key, (undecided) => undecided === path),
  };
}

/** Takes the file's value of every field still awaiting a decision. */
export function takeAllFromFile(decisions: Decisions, entries: ComparedEntry[]): Decisions {
  return entries.reduce(
    (current, entry) =>
      (current.undecided[entry.key] ?? []).reduce(
        (next, path) => chooseValue(next, entry, path, 'new'),
        current,
      ),
    decisions,
  );
}

/**
 * Puts the entry the operator corrected in the card's form in place of the merged one. A field awaiting a
 * decision that the operator wrote another value into is decided; one left as it was still awaits.
 */
export function replaceEntry(decisions: Decisions, key: string, entry: Entry): Decisions {
  const before = decisions.results[key];
  const isSchoolChanged = key === 'PersonalInfo' && !isSameValue(entry.School, before?.School);
  return {
    ...decisions,
    isSchoolUndecided: decisions.isSchoolUndecided && !isSchoolChanged,
    results: { ...decisions.results, [key]: entry },
    undecided: withoutUndecided(
      decisions,
      key,
      (path) => !isSameValue(valueAt(entry, path), valueAt(before, path)),
    ),
  };
}

/**
 * The school to keep for a row whose school the dictionary lacks: one of the dictionary (found or just added),
 * the register's, or none; `undefined` puts the question back.
 */
export function chooseSchool(
  decisions: Decisions,
  person: ComparedEntry,
  school: NamedRef | null | undefined,
): Decisions {
  const result = decisions.results[person.key];
  if (!result) return decisions;
  const value = school === undefined ? (valueAt(person.New, 'School') ?? null) : school;
  return {
    ...decisions,
    results: { ...decisions.results, [person.key]: withValueAt(result, 'School', value) },
    isSchoolUndecided: school === undefined,
  };
}

/** The fields still awaiting the operator's decision, entry by entry; a row is saved once there are none. */
export function undecidedFields(
  entries: ComparedEntry[],
  decisions: Decisions,
): { entry: ComparedEntry; path: string }[] {
  return entries.flatMap((entry) =>
    decisions.excluded[entry.key]
      ? []
      : (decisions.undecided[entry.key] ?? []).map((path) => ({ entry, path })),
  );
}

/** A new entry of a section may be left out, except the personal data of a new trainee. */
export function canExclude(entry: ComparedEntry): boolean {
  return entry.Old === null && entry.New !== null && entry.section !== 'PersonalInfo';
}

export function setExcluded(decisions: Decisions, key: string, isExcluded: boolean): Decisions {
  return { ...decisions, excluded: { ...decisions.excluded, [key]: isExcluded } };
}

/** The entry as it will be sent, or null when nothing of it is: left out, or no different from the record. */
export function sentEntry(entry: ComparedEntry, decisions: Decisions): Entry | null {
  const result = decisions.results[entry.key];
  if (!result || decisions.excluded[entry.key]) return null;
  if (entry.Old && isSameEntry(result, entry.Old)) return null;
  return result;
}

/** True when the operator changed the entry by hand: it is neither the file's nor the record's. */
export function isCorrected(entry: ComparedEntry, decisions: Decisions): boolean {
  const result = decisions.results[entry.key];
  return Boolean(result && entry.New && !isSameEntry(result, entry.New));
}

/** The body of `submit`: each section as the operator left it; what is not sent is left as it is. */
export function submitBody(
  review: ChangeReview,
  entries: ComparedEntry[],
  decisions: Decisions,
): SubmitChange {
  const sent = (section: ReviewSectionKey) =>
    entries.filter((entry) => entry.section === section).map((entry) => sentEntry(entry, decisions));
  const [personalInfo] = sent('PersonalInfo');
  const [internship] = sent('Internship');
  const [steps] = sent('InternshipSteps');
  return {
    PersonalInfo: (personalInfo ?? null) as SubmitChange['PersonalInfo'],
    Supervisors: sent('Supervisors').filter((entry) => entry !== null) as SubmitChange['Supervisors'],
    Internship: (internship ?? null) as SubmitChange['Internship'],
    InternshipSteps: (steps ?? null) as SubmitChange['InternshipSteps'],
    ...(review.Intern ? { InternVersion: review.Intern.Version } : {}),
  };
}

/** The first entry to be sent that its section's schema refuses, for the operator to put right. */
export function firstInvalidEntry(entries: ComparedEntry[], decisions: Decisions): ComparedEntry | null {
  return (
    entries.find((entry) => {
      const sent = sentEntry(entry, decisions);
      return sent !== null && !internSections[cardSectionOf[entry.section]].schema.safeParse(sent).success;
    }) ?? null
  );
}
