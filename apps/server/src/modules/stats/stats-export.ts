import { loadExcelJs } from '../../lib/exceljs.js';
import { formatDate, statsColumns, type StatsResult } from '@registry/shared';

const HEADER_ROW = 3;
const bold = { bold: true };
const thin = { style: 'thin' as const, color: { argb: 'FFA6A6A6' } };
const border = { top: thin, left: thin, bottom: thin, right: thin };

/**
 * The statistics table as a styled .xlsx: a title with the period and the SRO, the header row (frozen), a row
 * per SRO and the totals, with widths fit for the headers. A table of tens of rows: built in memory.
 */
export async function statsWorkbook(result: StatsResult): Promise<Buffer> {
  const excel = await loadExcelJs();
  const workbook = new excel.Workbook();
  workbook.creator = 'Реестр стажёров';
  const sheet = workbook.addWorksheet('Статистика', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: HEADER_ROW }],
  });
  const title = sheet.getCell(1, 1);
  title.value = `Статистика за период с ${formatDate(result.From)} по ${formatDate(result.To)}`;
  title.font = { bold: true, size: 13 };
  sheet.getCell(2, 1).value = result.Organization ? `СРО: ${result.Organization.Name}` : 'Все СРО';

  const header = sheet.getRow(HEADER_ROW);
  header.values = ['СРО', ...statsColumns.map(([, label]) => label)];
  header.font = bold;
  header.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
  header.height = 45;
  sheet.getColumn(1).width = 50;
  statsColumns.forEach((_, index) => (sheet.getColumn(index + 2).width = 16));

  for (const row of result.Rows) {
    sheet.addRow([row.Organization.Name, ...statsColumns.map(([key]) => row[key])]);
  }
  const totals = sheet.addRow(['Итого', ...statsColumns.map(([key]) => result.Totals[key])]);
  totals.font = bold;
  for (let row = HEADER_ROW; row <= sheet.rowCount; row++) {
    for (let column = 1; column <= statsColumns.length + 1; column++)
      sheet.getCell(row, column).border = border;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
