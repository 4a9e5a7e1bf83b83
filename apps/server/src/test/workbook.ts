import ExcelJS from 'exceljs';

/** An .xlsx the server gave out (an export, a template, a mail's attachment), opened with exceljs. */
export function readWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  // exceljs types its input as an ArrayBuffer, which a Buffer is not; a copy's buffer holds just these bytes.
  return new ExcelJS.Workbook().xlsx.load(new Uint8Array(bytes).buffer);
}
