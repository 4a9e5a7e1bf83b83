import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { addTableSheet, streamedWorkbook } from '../../../lib/exceljs.js';
import {
  employmentTypes,
  fieldLabels,
  formatDate,
  internSections,
  internStatuses,
  internshipStatuses,
  type InternSectionKey,
} from '@registry/shared';
import { textCell } from '../../../lib/xlsx-text.js';
import type { InternFilter } from './intern-search-filter.js';
import type { InternSearchRepository } from './intern-search.repository.js';

const BATCH = 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type Batch = Awaited<ReturnType<InternSearchRepository['batchOf']>>;

/** Reads the filtered list in list order, a batch at a time, so memory does not grow with the list. */
type ListReader = (withNumbers: boolean) => AsyncGenerator<Batch>;

/**
 * Yields what `read` answers, call after call, until it answers null. Each call starts as soon as the
 * previous answer is in, so that the database reads the next batch while the caller writes this one.
 */
async function* readAhead<T>(read: (previous: T | null) => Promise<T | null>): AsyncGenerator<T> {
  let next = read(null);
  for (;;) {
    const current = await next;
    if (current === null) return;
    next = read(current);
    // If the caller stops before asking for it, a failure of the batch read ahead must not go unhandled.
    next.catch(() => {});
    // The driver sends the query a few promise steps later; without a turn of the event loop here they would
    // wait until the caller has written the whole batch, and the database would idle meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    yield current;
  }
}

/**
 * How the export reads the list. An SRO's list is read by ids, sorted once when the export starts (the
 * same for every sheet); any other in list order from the last row read, through the index of that order.
 */
async function listReader(repo: InternSearchRepository, filter: InternFilter): Promise<ListReader> {
  if (filter.organizationId !== undefined) {
    const ids = await repo.idsInOrder(filter);
    return (withNumbers) => {
      let start = 0;
      return readAhead(async () => {
        if (start >= ids.length) return null;
        const slice = ids.slice(start, (start += BATCH));
        return repo.batchOf(slice, withNumbers);
      });
    };
  }
  return (withNumbers) =>
    readAhead(async (previous: Awaited<ReturnType<InternSearchRepository['batchAfter']>> | null) => {
      if (previous && previous.length < BATCH) return null;
      const last = previous?.[previous.length - 1];
      const batch = await repo.batchAfter(filter, last ?? null, BATCH, withNumbers);
      return batch.length > 0 ? batch : null;
    });
}

/** The style of every cell below the header: none. */
const PLAIN = {};

/**
 * Adds a row and writes it out. Its cells share one style object: exceljs works out a cell's style anew for
 * every new object, which took a quarter of its time, and only once for a shared one. The file is the same,
 * as long as no cell holds a date (whose default format differs); every value here is a number or a text.
 */
function writeRow(sheet: ExcelJS.Worksheet, values: Record<string, unknown>) {
  const row = sheet.addRow(values);
  row.eachCell((cell) => {
    cell.style = PLAIN;
  });
  row.commit();
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

/** The batches of an iterator with its first step already taken, as they came. */
async function* continued<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}

/**
 * Starts the export of the trainee list and reads its first batch, so that a query that fails does so before
 * the answer's first byte, as an error the client can read; then gives the writer of the rest. Without
 * `full` one sheet with the list's columns; with `full` also one sheet per section, every field, keyed by
 * the trainee.
 */
export async function prepareInternExport(repo: InternSearchRepository, filter: InternFilter, full: boolean) {
  const batches = await listReader(repo, filter);
  const listBatches = batches(true);
  const first = await listBatches.next();
  return (output: Writable) =>
    writeInternExport(repo, { batches, list: continued(first, listBatches) }, full, output);
}

/** Writes the trainee list as .xlsx into `output` as it reads it. */
async function writeInternExport(
  repo: InternSearchRepository,
  reader: { batches: ListReader; list: AsyncGenerator<Batch> },
  full: boolean,
  output: Writable,
) {
  const workbook = await streamedWorkbook(output);
  const list = addTableSheet(workbook, 'Стажёры', [
    { header: 'Код', key: 'id', width: 10 },
    { header: 'ФИО', key: 'name', width: 40 },
    { header: 'СРО и реестровые номера', key: 'numbers', width: 60 },
    { header: 'Статус', key: 'status', width: 22 },
  ]);
  const { batches } = reader;
  for await (const batch of reader.list) {
    for (const row of batch) {
      writeRow(list, {
        id: row.id,
        name: textCell(row.fullName),
        numbers: textCell(row.registrationText),
        status: internStatuses.label(row.status as 0) ?? '',
      });
    }
  }
  list.commit();

  if (full) {
    for (const section of Object.keys(internSections) as InternSectionKey[]) {
      const paths = Object.keys(fieldLabels[section]);
      const sheet = addTableSheet(workbook, internSections[section].title.slice(0, 31), [
        { header: 'Код стажёра', key: 'internId', width: 12 },
        { header: 'ФИО', key: 'name', width: 36 },
        { header: '№ записи', key: 'position', width: 9 },
        ...paths.map((path) => ({ header: fieldLabels[section][path]!, key: path, width: 24 })),
      ]);
      for await (const batch of batches(false)) {
        const names = new Map(batch.map((row) => [row.id, row.fullName]));
        for (const entry of await repo.entriesOf([...names.keys()], section)) {
          const cells: Record<string, unknown> = {
            internId: entry.internId,
            name: textCell(names.get(entry.internId) ?? ''),
            position: entry.position,
          };
          for (const path of paths)
            cells[path] = textCell(cellText(section, path, valueAt(entry.data, path)));
          writeRow(sheet, cells);
        }
      }
      sheet.commit();
    }
  }
  await workbook.commit();
}
