import { columnsByKey, headerKey, type ChangeFileColumn } from '../rows/change-file-columns.js';
import type { SectionPaths } from './merge.js';

/**
 * The template fields a stored row filled, by section: a row keeps its filled cells' texts in the order of
 * the import's headers, and an empty cell means «not reported», which the merge must tell from a value.
 */
export function filledPaths(headers: string[], cells: (string | null)[]): SectionPaths {
  const columns = columnsOf(headers);
  const paths: SectionPaths = { PersonalInfo: [], Supervisor: [], Internship: [], InternshipSteps: [] };
  cells.forEach((text, index) => {
    if (text === null || text === undefined) return;
    const column = columns[index];
    if (column) paths[column.section].push(column.path);
  });
  return paths;
}

/** The template's column of each header, found once per import's headers: a re-upload asks for every row. */
const columnsByHeaders = new WeakMap<string[], (ChangeFileColumn | undefined)[]>();
function columnsOf(headers: string[]) {
  let columns = columnsByHeaders.get(headers);
  if (!columns) {
    columns = headers.map((header) => columnsByKey.get(headerKey(header)));
    columnsByHeaders.set(headers, columns);
  }
  return columns;
}

/**
 * The text of the row's school cell when the reader could not take it (the dictionary lacked that school, and
 * the row keeps no school): the operator chooses the school as the row is processed.
 */
export function unknownSchoolOf(headers: string[], cells: (string | null)[], school: unknown): string | null {
  if (school) return null;
  const index = headers.findIndex((header) => {
    const column = columnsByKey.get(headerKey(header));
    return column?.section === 'PersonalInfo' && column.kind === 'school';
  });
  return index < 0 ? null : (cells[index] ?? null);
}
