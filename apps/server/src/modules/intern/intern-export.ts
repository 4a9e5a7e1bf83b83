import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  employmentTypes,
  fieldLabels,
  formatDate,
  internSections,
  internStatuses,
  internshipStatuses,
  type InternSectionKey,
} from '@registry/shared';
import type { InternFilter, InternRepository } from './intern.repository.js';

const BATCH = 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type Batch = Awaited<ReturnType<InternRepository['batchAfter']>>;

/** Reads the filtered list in list order, a batch at a time, so memory does not grow with the list. */
async function* batches(
  repo: InternRepository,
  filter: InternFilter,
  withNumbers: boolean,
): AsyncGenerator<Batch> {
  let after: { searchKey: string; id: number } | null = null;
  for (;;) {
    const batch = await repo.batchAfter(filter, after, BATCH, withNumbers);
    if (batch.length === 0) return;
    yield batch;
    const last = batch[batch.length - 1]!;
    after = { searchKey: last.searchKey, id: last.id };
  }
}

/** A cell's text for any value of an entry: names of references, Russian flags and enums, dates as shown. */
function cellText(section: InternSectionKey, path: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (typeof value === 'number') {
    if (section === 'Internships' && path === 'Status')
      return internshipStatuses.label(value as 0) ?? String(value);
    if (section === 'Supervisors' && path === 'EmploymentType')
      return employmentTypes.label(value as 0) ?? String(value);
    return String(value);
  }
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDate(value) : value;
  if (Array.isArray(value)) {
    return value
      .map((item) =>
        leaves(item)
          .map((leaf) => cellText(section, '', leaf))
          .filter(Boolean)
          .join(', '),
      )
      .filter(Boolean)
      .join('; ');
  }
  const ref = value as { Name?: unknown; Value?: unknown };
  if (typeof ref.Name === 'string') return ref.Name;
  if (typeof ref.Value === 'string') return ref.Value;
  return leaves(value)
    .map((leaf) => cellText(section, '', leaf))
    .filter(Boolean)
    .join(', ');
}

function leaves(value: unknown): unknown[] {
  if (value === null || typeof value !== 'object') return [value];
  if ('Name' in value || 'Value' in value) return [value];
  return Object.values(value).flatMap(leaves);
}

function valueAt(entry: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      entry,
    );
}

/**
 * Writes the trainee list as .xlsx into `output` as it reads it. Without `full` one sheet with the list's
 * columns; with `full` also one sheet per section, every field, keyed by the trainee.
 */
export async function writeInternExport(
  repo: InternRepository,
  filter: InternFilter,
  full: boolean,
  output: Writable,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const bold = { font: { bold: true } };

  const list = workbook.addWorksheet('Стажёры', { views: [{ state: 'frozen', ySplit: 1 }] });
  list.columns = [
    { header: 'Код', key: 'id', width: 10 },
    { header: 'ФИО', key: 'name', width: 40 },
    { header: 'СРО и реестровые номера', key: 'numbers', width: 60 },
    { header: 'Статус', key: 'status', width: 22 },
  ];
  list.getRow(1).font = bold.font;
  for await (const batch of batches(repo, filter, true)) {
    for (const row of batch) {
      list
        .addRow({
          id: row.id,
          name: row.fullName,
          numbers: row.registrationText,
          status: internStatuses.label(row.status as 0) ?? '',
        })
        .commit();
    }
  }
  list.commit();

  if (full) {
    for (const section of Object.keys(internSections) as InternSectionKey[]) {
      const paths = Object.keys(fieldLabels[section]);
      const sheet = workbook.addWorksheet(internSections[section].title.slice(0, 31), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = [
        { header: 'Код стажёра', key: 'internId', width: 12 },
        { header: 'ФИО', key: 'name', width: 36 },
        { header: '№ записи', key: 'position', width: 9 },
        ...paths.map((path) => ({ header: fieldLabels[section][path]!, key: path, width: 24 })),
      ];
      sheet.getRow(1).font = bold.font;
      for await (const batch of batches(repo, filter, false)) {
        const names = new Map(batch.map((row) => [row.id, row.fullName]));
        for (const entry of await repo.entriesOf([...names.keys()], section)) {
          const cells: Record<string, unknown> = {
            internId: entry.internId,
            name: names.get(entry.internId),
            position: entry.position,
          };
          for (const path of paths) cells[path] = cellText(section, path, valueAt(entry.data, path));
          sheet.addRow(cells).commit();
        }
      }
      sheet.commit();
    }
  }
  await workbook.commit();
}
