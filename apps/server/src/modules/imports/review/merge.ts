import {
  InternshipStatus,
  type InternSections,
  type Internship,
  type InternshipSteps,
  type PersonalInfo,
  type Supervisor,
} from '@registry/shared';
import { copyJson, jsonEqual } from '../../../lib/stable-json.js';
import type { ChangeFileSection } from '../rows/change-file-columns.js';
import { internshipsIn, latestInternship } from '../rows/change-file-values.js';
import type { StoredRow } from '../rows/change-file-packing.js';

/*
 * How an uploaded row enters a trainee's record (docs/row-review.md, each rule tested in merge.test.ts):
 * - an empty cell changes nothing; a filled cell replaces the register's value;
 * - the supervisor is the record's supervisor with the same 'Уникальный регистрационный номер', else added;
 * - the internship is the record's internship in the import's SRO with the row's number; without a number
 *   on one side, the latest internship in that SRO, marked `IsCumulative` when there were several to choose
 *   from, until the operator chooses one; else added (a row with no internship cells adds the minimal one,
 *   `IsEmpty`, since the SRO reports the trainee as its own);
 * - the internship steps are the record's latest steps entry, else added when the row fills a step cell;
 * - a pause, resume, contract or misc entry updates the entry with the same date, is dropped when an equal
 *   entry exists, and is appended otherwise.
 */

/** The row's four sections as the import stored them. */
export type RowSections = StoredRow['data'];

/** The record's current entries of the four sections; empty lists for a new trainee. */
export type RecordSections = Pick<
  InternSections,
  'PersonalInfo' | 'Supervisors' | 'Internships' | 'InternshipSteps'
>;

export interface Compared<T> {
  Old: T | null;
  New: T | null;
  HasChanges: boolean;
}

export interface MergedRow {
  PersonalInfo: Compared<PersonalInfo>;
  Supervisors: Compared<Supervisor>[];
  Internship: Compared<Internship>;
  InternshipSteps: Compared<InternshipSteps>;
}

/** The Ids an entry the row adds gets: negative, as the card's new entries, one per section. */
export const newEntryIds = { PersonalInfo: -1, Supervisor: -2, Internship: -3, InternshipSteps: -4 } as const;

/** The internship's lists and the date that identifies an entry of each. */
const listDates = {
  MiscInfo: 'EndedAt',
  PauseInfo: 'PausedAt',
  ResumeInfo: 'ResumedAt',
  ContractInfo: 'ContractEndsAt',
} as const;
type ListName = keyof typeof listDates;
const listNames = Object.keys(listDates) as ListName[];

/** Template fields by section: `Passport.Series` of PersonalInfo, `PauseInfo.PausedAt` of Internship. */
export type SectionPaths = Record<ChangeFileSection, string[]>;

const copy = copyJson;
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A reference to a row of another table: two are the same when they point to the same row. */
const isRef = (value: unknown): value is { Id: number } =>
  isObject(value) && typeof value.Id === 'number' && ('Name' in value || 'Value' in value);

/** Whether two values of a field are the same: references by the row they point to, the rest by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  // Most cells are text, numbers or empty: told apart without serializing (a re-upload compares every cell).
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (isRef(a) && isRef(b)) return a.Id === b.Id;
  return jsonEqual(a, b);
}

function getPath(entry: Record<string, unknown>, keys: string[]): unknown {
  let node: unknown = entry;
  for (const key of keys) node = isObject(node) ? node[key] : undefined;
  return node;
}

function setPath(entry: Record<string, unknown>, keys: string[], value: unknown) {
  let node = entry;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/**
 * Puts the row's filled fields into a copy of the entry. A filled cell whose value the reader could not
 * take (a school the dictionary lacks) changes nothing: the row keeps it as text and a notice says so.
 */
function overlay(target: Record<string, unknown>, source: Record<string, unknown>, paths: string[]): boolean {
  let changed = false;
  for (const path of paths) {
    const keys = path.split('.');
    const value = getPath(source, keys);
    if (value === null || value === undefined) continue;
    if (sameValue(getPath(target, keys), value)) continue;
    setPath(target, keys, copy(value));
    changed = true;
  }
  return changed;
}

const compared = <T>(old: T | null, next: T | null): Compared<T> => ({
  Old: old,
  New: next,
  HasChanges: next !== null && (old === null || !jsonEqual(old, next)),
});

/** Folds what makes two spellings of a number one: case, spaces. */
const numberKey = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, '').toLocaleLowerCase('ru') : null;

function mergePersonalInfo(row: RowSections, record: RecordSections, paths: SectionPaths) {
  const old = record.PersonalInfo[0] ?? null;
  if (!old)
    return compared(null, { ...copy(row.PersonalInfo), Id: newEntryIds.PersonalInfo, Entry_Id: null });
  const next = copy(old);
  overlay(next, row.PersonalInfo, paths.PersonalInfo);
  return compared(old, next);
}

function mergeSupervisors(row: RowSections, record: RecordSections, paths: SectionPaths) {
  return row.Supervisors.map((supervisor, index) => {
    const key = numberKey(supervisor.CadastreNumber);
    const old = record.Supervisors.find((entry) => key !== null && numberKey(entry.CadastreNumber) === key);
    if (!old)
      return compared(null, { ...copy(supervisor), Id: newEntryIds.Supervisor - 10 * index, Entry_Id: null });
    const next = copy(old);
    overlay(next, supervisor, paths.Supervisor);
    return compared(old, next);
  });
}

/**
 * The record's internships in the SRO a row could mean when its number does not say which: with no number on
 * the row, all of them; with a number none of them has, those without a number. The latest is taken.
 */
function fallbackInternships(internships: Internship[], organizationId: number, registryNumber: unknown) {
  const ofOrganization = internshipsIn(internships, organizationId);
  const key = numberKey(registryNumber);
  if (key === null) return { same: null, candidates: ofOrganization };
  const same = ofOrganization.find((entry) => numberKey(entry.RegistryNumber) === key) ?? null;
  const unnumbered = ofOrganization.filter((entry) => numberKey(entry.RegistryNumber) === null);
  return { same, candidates: same ? [] : unnumbered };
}

/** The record's internship the row speaks of, in the import's SRO. */
export function matchInternship(
  internships: Internship[],
  organizationId: number,
  registryNumber: unknown,
): Internship | null {
  const { same, candidates } = fallbackInternships(internships, organizationId, registryNumber);
  return same ?? latestInternship(candidates);
}

/**
 * The internships a row could mean when there are several and its number does not tell (docs/row-review.md,
 * «Which internship»): the operator chooses among them; none when the row's internship is certain.
 */
export function internshipChoices(
  internships: Internship[],
  organizationId: number,
  registryNumber: unknown,
) {
  const { same, candidates } = fallbackInternships(internships, organizationId, registryNumber);
  return same === null && candidates.length > 1 ? candidates : [];
}

/** The row's entry of a list merged into the internship's list: by date, unless an equal entry exists. */
function mergeList(
  target: Record<string, unknown>,
  list: ListName,
  rowEntry: Record<string, unknown>,
  paths: string[],
) {
  const entries = ((target[list] as Record<string, unknown>[] | undefined) ?? []).map(copy);
  const dateField = listDates[list];
  const date = rowEntry[dateField];
  const sameDate =
    date === null || date === undefined ? undefined : entries.find((entry) => entry[dateField] === date);
  if (sameDate) overlay(sameDate, rowEntry, paths);
  else if (!entries.some((entry) => jsonEqual(entry, rowEntry))) entries.push(copy(rowEntry));
  target[list] = entries;
}

function mergeInternship(
  row: RowSections,
  record: RecordSections,
  paths: SectionPaths,
  organizationId: number,
  chosenId: number | undefined,
): Compared<Internship> {
  const filled = paths.Internship;
  const number = row.Internship.RegistryNumber;
  const chosen = internshipsIn(record.Internships, organizationId).find((entry) => entry.Id === chosenId);
  const isUncertain = !chosen && internshipChoices(record.Internships, organizationId, number).length > 0;
  const old = chosen ?? matchInternship(record.Internships, organizationId, number);
  const source = row.Internship;
  if (!old) {
    const next: Internship = { ...copy(source), Id: newEntryIds.Internship, Entry_Id: null };
    if (filled.length === 0) Object.assign(next, { IsEmpty: true, Status: InternshipStatus.Unknown });
    return compared(null, next);
  }
  const next = copy(old);
  const fieldPaths = filled.filter((path) => !listNames.includes(path.split('.')[0] as ListName));
  overlay(next, source, fieldPaths);
  for (const list of listNames) {
    const rowEntry: Record<string, unknown> | undefined = source[list][0];
    const listPaths = filled
      .filter((path) => path.startsWith(`${list}.`))
      .map((path) => path.slice(list.length + 1));
    if (rowEntry && listPaths.length > 0) mergeList(next, list, rowEntry, listPaths);
  }
  if (filled.length > 0 && next.IsEmpty) next.IsEmpty = false;
  // Merged into the latest of several it could mean: said so, until the operator chooses the internship.
  if (isUncertain) next.IsCumulative = true;
  else if (chosen) next.IsCumulative = false;
  return compared(old, next);
}

function mergeSteps(row: RowSections, record: RecordSections, paths: SectionPaths) {
  const old = record.InternshipSteps.at(-1) ?? null;
  if (paths.InternshipSteps.length === 0) return compared(old, old);
  if (!old)
    return compared(null, { ...copy(row.InternshipSteps), Id: newEntryIds.InternshipSteps, Entry_Id: null });
  const next = copy(old);
  overlay(next, row.InternshipSteps, paths.InternshipSteps);
  return compared(old, next);
}

/**
 * The row merged into the record section by section. `filledPaths` are the template fields whose cells the
 * row filled, by section; `organizationId` is the import's SRO.
 */
export function mergeRow(
  row: RowSections,
  record: RecordSections,
  filledPaths: SectionPaths,
  organizationId: number,
  chosenInternshipId?: number,
): MergedRow {
  return {
    PersonalInfo: mergePersonalInfo(row, record, filledPaths),
    Supervisors: mergeSupervisors(row, record, filledPaths),
    Internship: mergeInternship(row, record, filledPaths, organizationId, chosenInternshipId),
    InternshipSteps: mergeSteps(row, record, filledPaths),
  };
}
