import { unpackRows, type PackedRows } from '../../modules/imports/rows/change-file-packing.js';
import type { ChangeFileRow } from '../../modules/imports/rows/change-file-rows.js';

/** The rows a worker packed, back in the reader's own shape (cells by header), to compare in tests. */
export function rowsAsRead(read: { rows: PackedRows; headers: string[] }): ChangeFileRow[] {
  return unpackRows(read.rows).map(({ rowNumber, data, raw, notices }) => ({
    rowNumber,
    ...data,
    raw: Object.fromEntries(
      raw.flatMap((text, i) => (text === null ? [] : [[read.headers[i]!, text] as const])),
    ),
    notices,
  }));
}
