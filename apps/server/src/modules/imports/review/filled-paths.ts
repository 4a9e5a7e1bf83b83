import { columnsByKey, headerKey } from '../reader/change-file-columns.js';
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
