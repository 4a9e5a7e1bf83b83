import {
  changeFileColumns,
  type ChangeFileColumn,
  type ChangeFileSection,
} from '../rows/change-file-columns.js';
import { cellOf, fieldOf, isListColumn, rowEntriesOf, type RowEntries } from '../rows/change-file-values.js';
import { sameValue, type RecordSections, type RowSections, type SectionPaths } from './merge.js';

/*
 * A row of a pre-filled change file read three ways, cell by cell (docs/row-review.md#since-the-download): the
 * value the register held when the file was downloaded, the file's, and the register's now. Only a cell the
 * SRO changed is a change; a cell it left as downloaded keeps the register's value, and says so when the
 * register changed it since; a cell both changed, each its own way, is a conflict the operator decides.
 */

/** A cell of the row: its entry in the review's terms, its field and its column's title. */
export interface CellMark {
  /** The compared entry: `PersonalInfo`, `Supervisors.0`, `Internship`, `InternshipSteps`. */
  Entry: string;
  Path: string;
  Header: string;
}

export interface SinceExport {
  /** Cells the file left as downloaded that the register changed since: the register's value stays. */
  ChangedInRegister: CellMark[];
  /** Cells the file and the register both changed since the download, each to another value. */
  Conflicts: CellMark[];
  /**
   * Cells downloaded filled and sent back empty: an erase the SRO may mean, never applied by itself (an empty
   * cell is «not reported» in every other file); the operator clears the field by correcting the entry.
   */
  Cleared: CellMark[];
}

/** The entry of the review each section's cells belong to: a row reports one supervisor. */
const entryOf: Record<ChangeFileSection, string> = {
  PersonalInfo: 'PersonalInfo',
  Supervisor: 'Supervisors.0',
  Internship: 'Internship',
  InternshipSteps: 'InternshipSteps',
};

/** The row's own entries, read as the export reads a trainee's. */
function entriesOfRow(row: RowSections): RowEntries {
  return {
    PersonalInfo: row.PersonalInfo,
    Supervisor: row.Supervisors[0] ?? null,
    Internship: row.Internship,
    InternshipSteps: row.InternshipSteps,
  };
}

/** A column's value in a record's row; none when the record has no personal info to make a row of. */
const valueIn = (entries: RowEntries | null, column: ChangeFileColumn) =>
  entries ? fieldOf(entries, column) : null;

/**
 * The cells the row speaks for, and what changed on which side since the download. `exported` is the record
 * when the file was downloaded, `now` the record now (the same object when the trainee was not saved since);
 * the paths returned are the row's filled cells less those it left as downloaded, so that merging them
 * applies the SRO's changes only. A conflicting field of an internship's list (a pause, a contract) keeps the
 * register's entries too: the operator, told, writes the file's value in if it is right.
 */
export function sinceExport(
  row: RowSections,
  filled: SectionPaths,
  exported: RecordSections,
  now: RecordSections,
  organizationId: number,
): { paths: SectionPaths; marks: SinceExport } {
  const file = entriesOfRow(row);
  const then = rowEntriesOf(exported, organizationId);
  const current = now === exported ? then : rowEntriesOf(now, organizationId);
  const paths: SectionPaths = { PersonalInfo: [], Supervisor: [], Internship: [], InternshipSteps: [] };
  const marks: SinceExport = { ChangedInRegister: [], Conflicts: [], Cleared: [] };
  for (const column of changeFileColumns) {
    const [thenValue, nowValue] = [valueIn(then, column), valueIn(current, column)];
    const mark = { Entry: entryOf[column.section], Path: column.path, Header: column.header };
    if (!filled[column.section].includes(column.path)) {
      // Only what the download wrote can have been cleared, and only what the register still holds matters.
      if (cellOf(column, thenValue) !== null && cellOf(column, nowValue) !== null) marks.Cleared.push(mark);
      continue;
    }
    const fileValue = fieldOf(file, column);
    const isRegisterChanged = !sameValue(thenValue, nowValue);
    if (sameValue(fileValue, thenValue)) {
      if (isRegisterChanged) marks.ChangedInRegister.push(mark);
      continue;
    }
    if (isRegisterChanged && !sameValue(fileValue, nowValue)) {
      marks.Conflicts.push(mark);
      if (isListColumn(column)) continue;
    }
    paths[column.section].push(column.path);
  }
  return { paths, marks };
}

/** The record now, and the card's version it was read at. */
export interface RecordNow {
  sections: RecordSections;
  version: number;
}

/** When the row's file was downloaded and the trainee's version then, by the file's verified keys. */
export interface Downloaded {
  at: Date;
  version: number;
}

/**
 * The paths of the row to merge into the record, and what changed on which side since the download: with no
 * download known (an ordinary file, keys missing or unverified), every filled cell, compared with now only.
 * The record as downloaded is rebuilt from its history (`sectionsAt`) only when the trainee was saved since.
 */
export async function pathsSinceDownload(
  row: RowSections,
  filled: SectionPaths,
  now: RecordNow,
  downloaded: Downloaded | null,
  sectionsAt: (at: Date) => Promise<RecordSections>,
  organizationId: number,
): Promise<{ paths: SectionPaths; marks: SinceExport | null }> {
  if (!downloaded) return { paths: filled, marks: null };
  const then = downloaded.version === now.version ? now.sections : await sectionsAt(downloaded.at);
  // The trainee was in the file, so a history that holds nothing of them then lacks their first entries
  // (data written around the service): the row is compared with now only, rather than all of it conflicting.
  if (then.PersonalInfo.length === 0) return { paths: filled, marks: null };
  return sinceExport(row, filled, then, now.sections, organizationId);
}
