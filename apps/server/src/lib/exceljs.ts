import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded on first use: with its unzipper it is the heaviest module the server has (about a second
 * of a busy machine's start), and only generated workbooks (exports, templates, rejected rows) need it.
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
