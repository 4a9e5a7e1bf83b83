import { snilsFromBody } from '@registry/shared';
import { loadExcelJs } from '../../../lib/exceljs.js';
import { changeFileColumns, DATA_SHEET_NAME } from '../rows/change-file-columns.js';
import { templateSample } from '../rows/change-file-sample.js';
import type { ChangeFileOptions } from './change-file-reader.js';

/*
 * A reader worker is started ahead of its file (change-file-runner.ts) and, while it waits, reads a sample
 * of the template's rows, which it then forgets: V8 compiles the reader's hot paths on the sample rather
 * than on the clerk's file, and a 10,000-row file is read ~10 % quicker (docs/benchmarks.md). The sample
 * is ours, never a clerk's: no file a clerk sent is read by a worker that reads another.
 */

/** Rows in the sample: fewer left the reader's per-row code uncompiled when the clerk's file came. */
export const WARM_UP_ROWS = 1000;

/**
 * The sample as exceljs writes it (shared strings and date cells, as Excel does): the template's sample
 * row, each time another trainee, so that the sample is read as a file without a problem is.
 */
export async function writeWarmUpFile(): Promise<Uint8Array> {
  const excel = await loadExcelJs();
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(DATA_SHEET_NAME);
  const headers = changeFileColumns.map((column) => column.header);
  sheet.addRow(headers);
  for (let i = 0; i < WARM_UP_ROWS; i++) {
    const row: Record<string, unknown> = {
      ...templateSample,
      СНИЛС: snilsFromBody(100_000_000 + i),
      'Уникальный идентификационный номер стажировки': `Образец-${i + 1}`,
    };
    sheet.addRow(headers.map((header) => row[header] ?? null));
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** How the sample is read: within the sample's own bounds, its school known, as an upload reads a file. */
export function warmUpOptions(): ChangeFileOptions {
  return {
    organization: { Id: 0, Name: 'Образец' },
    importSchools: false,
    dictionaries: {
      schools: [{ Id: 0, Name: String(templateSample['Учебное заведение']) }],
      addresses: [],
      terminationReasons: [],
    },
    limits: {
      maxFileBytes: 2 ** 24,
      maxRows: WARM_UP_ROWS,
      maxColumns: 256,
      maxUnpackedBytes: 2 ** 27,
    },
  };
}
