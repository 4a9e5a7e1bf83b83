import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { changeFileColumns, columnsByKey, headerKey } from '../reader/change-file-columns.js';

export const REJECTION_REASON_HEADER = 'Причина отклонения';

/**
 * The rejected rows of an import as a change file: the template's columns with the cells as the SRO wrote
 * them, and the reason last. The clerk corrects the rows and uploads the file again; the reader ignores the
 * reason's column as an unknown header.
 */
export async function writeRejectedRows(
  data: { headers: string[]; rows: { raw: (string | null)[]; reason: string | null }[] },
  output: Writable,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Данные', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...changeFileColumns.map((column) => ({
      header: column.required ? `${column.header} *` : column.header,
      key: column.header,
      width: 20,
      // Texts as the clerk wrote them: Excel must not turn a SNILS or a passport number into a number.
      style: { numFmt: '@' },
    })),
    { header: REJECTION_REASON_HEADER, key: REJECTION_REASON_HEADER, width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  const keyAt = data.headers.map((header) => columnsByKey.get(headerKey(header))?.header ?? null);
  for (const row of data.rows) {
    const cells: Record<string, string> = { [REJECTION_REASON_HEADER]: row.reason ?? '' };
    row.raw.forEach((text, index) => {
      const key = keyAt[index];
      if (key && text !== null) cells[key] = text;
    });
    sheet.addRow(cells).commit();
  }
  sheet.commit();
  await workbook.commit();
}
