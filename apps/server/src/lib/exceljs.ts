import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded on first use: with its unzipper it is the heaviest module the server has (about a second
 * of a busy machine's start), and only generated workbooks (exports, templates, rejected rows) need it.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/**
 * A workbook written into `output` row by row as it is filled (the exports, the rejected rows): without
 * shared strings, so that nothing of what was written is held until the end.
 */
export async function streamedWorkbook(output: Writable): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const excel = await loadExcelJs();
  return new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
}

/** A sheet of one table: its columns, and their headers in bold on a first row that stays in view. */
export function addTableSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: Partial<ExcelJS.Column>[],
): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  return sheet;
}
