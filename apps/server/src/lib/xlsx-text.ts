import type { CellRichTextValue } from 'exceljs';

// How a formula starts when it is typed into a spreadsheet (OWASP's list for CSV injection adds tab and CR).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A user's text as a cell of a streamed workbook. Streamed without shared strings (which would hold every
 * text of the file in memory), exceljs writes a text as `t="str"`, the type the standard gives a formula's
 * result; a text that starts as a formula would is written as an inline string (`t="inlineStr"`) instead,
 * which every program reads as text and none as a formula.
 */
export function textCell(text: string): string | CellRichTextValue {
  return FORMULA_START.test(text) ? { richText: [{ text }] } : text;
}
