/*
 * The layout of the pre-filled change file's keys sheet (docs/change-file.md#the-pre-filled-file), which the
 * export writes and the reader reads back: a first row with what the whole file is keyed by, the titles,
 * one row per data row, and the signature. The signing itself, and its secret, are the server's
 * (../change-file-keys.ts); the layout is here so that the reader, which reaches only rows/, reads the very
 * cells the writer writes.
 */

/** The very hidden sheet the keys travel in. */
export const KEYS_SHEET_NAME = 'Ключи';

/** The entries of a trainee a row was written from, by the row's section; null where it had none. */
export interface RowEntryIds {
  PersonalInfo: number | null;
  Supervisor: number | null;
  Internship: number | null;
  InternshipSteps: number | null;
}

/** One data row's key. */
export interface RowKey {
  /** The data sheet's row number. */
  row: number;
  internId: number;
  /** `interns.version` when the row was written: a save since then raises it. */
  version: number;
  entries: RowEntryIds;
}

/** What the whole file is keyed by. */
export interface ExportHeader {
  exportId: string;
  organizationId: number;
  /** ISO 8601. */
  exportedAt: string;
}

/** A keys sheet as read back: not yet checked against its signature. */
export interface ExportKeys {
  header: ExportHeader;
  keys: RowKey[];
  signature: string;
}

/** The keys sheet's first row. */
export function headerCells(header: ExportHeader): (string | number)[] {
  return ['Выгрузка', header.exportId, 'СРО', header.organizationId, 'Время', header.exportedAt];
}

/** The keys sheet's column titles, its second row. */
export const keyColumns = [
  'Строка',
  'Стажёр',
  'Версия',
  'Сведения',
  'Руководитель',
  'Стажировка',
  'Этапы',
] as const;

const entryIdOrder = ['PersonalInfo', 'Supervisor', 'Internship', 'InternshipSteps'] as const;

/** The cells of a row key on the keys sheet, in the order of `keyColumns`; an entry the row had none of is 0. */
export function keyCells(key: RowKey): number[] {
  return [key.row, key.internId, key.version, ...entryIdOrder.map((section) => key.entries[section] ?? 0)];
}

/** The keys sheet's last row. */
export function signatureCells(signature: string): string[] {
  return ['Подпись', signature];
}
