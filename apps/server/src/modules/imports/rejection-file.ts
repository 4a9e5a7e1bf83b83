import { addTableSheet, loadExcelJs } from '../../lib/exceljs.js';
import { XLSX_CONTENT_TYPE } from '../../lib/http-files.js';
import type { NewFile } from './store/file-store.js';

/**
 * The file an SRO receives with a rejection: each rejected row (its spreadsheet row number, name and SNILS)
 * with the reason, so that the clerk knows what to fix before uploading again.
 */
export async function rejectionFile(
  name: string,
  reason: string,
  rows: { rowNumber: number; fullName: string; snils: string | null }[],
): Promise<NewFile> {
  const excel = await loadExcelJs();
  const workbook = new excel.Workbook();
  const sheet = addTableSheet(workbook, 'Отклонённые записи', [
    { header: 'Строка файла', key: 'row', width: 14 },
    { header: 'ФИО', key: 'name', width: 40 },
    { header: 'СНИЛС', key: 'snils', width: 18 },
    { header: 'Основание отклонения', key: 'reason', width: 80 },
  ]);
  for (const row of rows) {
    sheet.addRow({ row: row.rowNumber, name: row.fullName, snils: row.snils ?? '', reason });
  }
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  return { name, content, extension: 'xlsx', contentType: XLSX_CONTENT_TYPE };
}
