import { columnsByKey, headerKey } from '../rows/change-file-columns.js';
import type { SectionPaths } from './merge.js';

/**
 * The template fields a stored row filled, by section: a row keeps its filled cells' texts in the order of
 * the import's headers, and an empty cell means «not reported», which the merge must tell from a value.
 */
export function filledPaths(headers: string[], cells: (string | null)[]): SectionPaths {
  const paths: SectionPaths = { PersonalInfo: [], Supervisor: [], Internship: [], InternshipSteps: [] };
  cells.forEach((text, index) => {
    if (text === null || text === undefined) return;
    const column = columnsByKey.get(headerKey(headers[index] ?? ''));
    if (column) paths[column.section].push(column.path);
  });
  return paths;
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
