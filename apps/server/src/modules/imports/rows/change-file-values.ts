import {
  employmentTypes,
  InternshipStatus,
  internshipStatuses,
  type DictionaryRef,
  type Internship,
  type InternshipSteps,
  type NamedRef,
  type PersonalInfo,
  type Requisites,
  type Supervisor,
} from '@registry/shared';
import type { ChangeFileColumn } from './change-file-columns.js';
import { russianDate } from './change-file-cells.js';

/*
 * The other way from the reader: what the register holds about a trainee, as the cells of one change-file
 * row. The pre-filled change file writes these cells, and the reader reads them back to the same values
 * (change-file-values.test.ts), so that a file downloaded and uploaded untouched says what the register says.
 */

/** What one row of the change file speaks of: a trainee's entries in one SRO. */
export interface RowEntries {
  PersonalInfo: PersonalInfo;
  /** The trainee's current supervisor: the latest entry. */
  Supervisor: Supervisor | null;
  /** The trainee's internship in the SRO: the one a row without a number would be merged into. */
  Internship: Internship | null;
  /** The latest steps entry. */
  InternshipSteps: InternshipSteps | null;
}

/** A cell as the writer takes it: text, a number, a date cell, or nothing. */
export type ExportCell = string | number | Date | null;

type Node = Record<string, unknown> | null | undefined;

const INTERNSHIP_LISTS = new Set(['MiscInfo', 'PauseInfo', 'ResumeInfo', 'ContractInfo']);

/** Whether a column is a field of an entry of an internship's list (a pause, a contract). */
export const isListColumn = (column: ChangeFileColumn) =>
  column.section === 'Internship' && INTERNSHIP_LISTS.has(column.keys[0]!);

/**
 * The field a column holds in the entries. A column of an internship's list (a pause, a contract) holds the
 * field of the list's latest entry: a row adds one entry to each list, and the latest is the one it reports.
 */
export function fieldOf(entries: RowEntries, column: ChangeFileColumn): unknown {
  const { keys } = column;
  let node: Node =
    column.section === 'Supervisor'
      ? entries.Supervisor
      : column.section === 'Internship'
        ? entries.Internship
        : column.section === 'InternshipSteps'
          ? entries.InternshipSteps
          : entries.PersonalInfo;
  // Walked by index, not by slices of the keys: the export puts every cell of ten thousand rows this way.
  let first = 0;
  if (isListColumn(column)) {
    node = (node?.[keys[0]!] as Node[] | undefined)?.at(-1);
    first = 1;
  }
  for (let i = first; i < keys.length - 1; i++) node = node?.[keys[i]!] as Node;
  return node?.[keys[keys.length - 1]!] ?? null;
}

/** A trainee's internships in one SRO. */
export const internshipsIn = (internships: Internship[], organizationId: number) =>
  internships.filter((entry) => entry.Organization?.Id === organizationId);

/** The latest of internships: the latest started, then the last entered. */
export function latestInternship(entries: Internship[]): Internship | null {
  let best: Internship | null = null;
  for (const entry of entries) {
    const started = entry.StartedAt ?? '';
    const bestStarted = best?.StartedAt ?? '';
    if (best === null || started >= bestStarted) best = entry;
  }
  return best;
}

/**
 * The entries a trainee's row in an SRO's file reports: the first personal info (the card's), the latest
 * supervisor and steps, and the internship in that SRO a row without a number is merged into (merge.ts).
 */
export function rowEntriesOf(
  sections: {
    PersonalInfo: PersonalInfo[];
    Supervisors: Supervisor[];
    Internships: Internship[];
    InternshipSteps: InternshipSteps[];
  },
  organizationId: number,
): RowEntries | null {
  const person = sections.PersonalInfo[0];
  if (!person) return null;
  return {
    PersonalInfo: person,
    Supervisor: sections.Supervisors.at(-1) ?? null,
    Internship: latestInternship(internshipsIn(sections.Internships, organizationId)),
    InternshipSteps: sections.InternshipSteps.at(-1) ?? null,
  };
}

const DAY_MS = 86_400_000;

/**
 * A date cell that Excel, and the reader, read as `iso`. Excel's 1900 calendar counts a 29 February 1900 that
 * never was, so its serial numbers of the days before 1 March 1900 are one less than the days since 1899-12-30
 * that exceljs writes for a Date: such a day is written as the day before, which exceljs's serial makes right.
 */
export function dateCell(iso: string): Date {
  const date = new Date(`${iso}T00:00:00Z`);
  return iso < '1900-03-01' ? new Date(date.getTime() - DAY_MS) : date;
}

/** Requisites as a clerk writes them and the reader reads them: «№ 12-П от 15.03.2025», a date, or the text. */
function requisitesCell(requisites: Requisites): ExportCell {
  const { Number: number, Date: date, UnstructuredValue: text } = requisites;
  if (number && date) return `№ ${number} от ${russianDate(date)}`;
  if (date && !number && !text) return dateCell(date);
  return text ?? number ?? (date ? russianDate(date) : null);
}

/** The cell of a column for a field's value, spelled as the template's drop-downs and formats spell it. */
export function cellOf(column: ChangeFileColumn, value: unknown): ExportCell {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'date':
      return dateCell(value as string);
    case 'flag':
      return value ? 'Да' : 'Нет';
    case 'status':
      // «Неизвестен» is not in the drop-down: the register has no status to report.
      return value === InternshipStatus.Unknown ? null : internshipStatuses.label(value as 0);
    case 'employment':
      return employmentTypes.label(value as 1);
    case 'wholeNumber':
      return value as number;
    case 'school':
      return (value as NamedRef).Name;
    case 'address':
    case 'terminationReason':
      return (value as DictionaryRef).Value;
    case 'requisites':
      return requisitesCell(value as Requisites);
    default:
      return String(value);
  }
}
