import { MAX_ID } from '@registry/shared';
import { cellText, type CellValue } from '../rows/change-file-cells.js';
import {
  changeFileColumns,
  columnsByKey,
  headerKey,
  REGISTER_ID_HEADER,
  type ChangeFileColumn,
} from '../rows/change-file-columns.js';
import {
  ChangeFileRefusal,
  cellMessages,
  fileMessages,
  noticeMessages,
} from '../rows/change-file-messages.js';
import {
  HEADER_SEARCH_ROWS,
  columnLetters,
  isFilled,
  type CellRange,
  type SheetRow,
} from './formats/sheet-grid.js';
import type { FoundColumn } from './row-reader.js';
import { fieldSchema } from './section-schemas.js';

/*
 * A change file's header (docs/change-file.md#reading-rules): which row it is, which of the template's
 * columns the file has and where, where the pre-filled file's key column is, and what is refused about it.
 */

export interface Header {
  /** The last row of the header (a merged header may span several). */
  lastRow: number;
  columns: FoundColumn[];
  /** Where the pre-filled file's «Номер в реестре» is, if the file has it. */
  keyIndex: number | null;
  notices: string[];
}

// Each column's field schema, found once for all files.
const fieldSchemas = new Map(changeFileColumns.map((column) => [column, fieldSchema(column)]));

const LAST_NAME_KEY = headerKey('Фамилия');
const SNILS_KEY = headerKey('СНИЛС');
const REGISTER_ID_KEY = headerKey(REGISTER_ID_HEADER);

/**
 * The header is the first row among the first ten that has both «Фамилия» and «СНИЛС»; rows above it (a
 * title, group names) are ignored. A header cell merged down over several rows counts in each of them, and
 * the data starts below the lowest such merge; a group name merged across columns above sub-headers gives
 * way to them.
 */
export function findHeader(rows: SheetRow[], merges: CellRange[]): Header {
  const rowsByNumber = new Map(rows.map((row) => [row.number, row]));
  for (let number = 1; number <= HEADER_SEARCH_ROWS; number++) {
    const texts = headerTexts(rowsByNumber, merges, number);
    const keys = texts.map(headerKey);
    if (!keys.includes(LAST_NAME_KEY) || !keys.includes(SNILS_KEY)) continue;
    const spanning = merges.filter((range) => range.top <= number && range.bottom > number);
    const lastRow = Math.max(number, ...spanning.map((range) => range.bottom));
    const lowest = lastRow === number ? texts : headerTexts(rowsByNumber, merges, lastRow);
    const width = Math.max(texts.length, lowest.length);
    const headers = Array.from({ length: width }, (_, i) => lowest[i] || texts[i] || '');
    return { lastRow, ...mapColumns(headers) };
  }
  throw new ChangeFileRefusal('content', [fileMessages.noHeader]);
}

/**
 * Refuses the sheet as soon as its first ten rows are read if none of them has «Фамилия» or none has
 * «СНИЛС»: merged ranges, which may come only at the sheet's end, carry a header cell's text no further
 * than the rows below it, so no header is found there whatever they are, and the rest of the sheet is not
 * worth reading. A header area that may hold the header waits for findHeader.
 */
export function headerAreaCheck() {
  const found = new Set<string>();
  let checked = false;
  return (row: SheetRow) => {
    if (checked) return;
    if (row.number <= HEADER_SEARCH_ROWS) {
      for (const value of row.cells) {
        const key = isFilled(value) ? headerKey(cellText(value)) : '';
        if (key === LAST_NAME_KEY || key === SNILS_KEY) found.add(key);
      }
      return;
    }
    checked = true;
    if (found.size < 2) throw new ChangeFileRefusal('content', [fileMessages.noHeader]);
  };
}

/** The header texts of a row, with the text of a cell merged down from above in its column. */
function headerTexts(rows: Map<number, SheetRow>, merges: CellRange[], number: number): string[] {
  const texts: string[] = [];
  rows.get(number)?.cells.forEach((value, i) => {
    if (isFilled(value)) texts[i] = cellText(value);
  });
  for (const range of merges) {
    const above = rows.get(range.top)?.cells[range.left];
    if (range.top < number && range.bottom >= number && !texts[range.left] && isFilled(above)) {
      texts[range.left] = cellText(above);
    }
  }
  return Array.from(texts, (text) => text ?? '');
}

/** Matches the header texts to the template's columns; a duplicate or a missing required one refuses the file. */
function mapColumns(headers: string[]): Pick<Header, 'columns' | 'keyIndex' | 'notices'> {
  const indexes = new Map<ChangeFileColumn, number[]>();
  const unknown = new Map<string, string>();
  let keyIndex: number | null = null;
  headers.forEach((text, index) => {
    const key = headerKey(text);
    if (!key) return;
    // The pre-filled file's key column names the register's trainee; it is no field of the trainee's.
    if (key === REGISTER_ID_KEY) {
      keyIndex ??= index;
      return;
    }
    const column = columnsByKey.get(key);
    if (!column) unknown.set(key, unknown.get(key) ?? text);
    else indexes.set(column, [...(indexes.get(column) ?? []), index]);
  });
  const problems = [
    ...[...indexes]
      .filter(([, at]) => at.length > 1)
      .map(([column, at]) => fileMessages.duplicateColumn(column.header, at.map(columnLetters))),
    ...changeFileColumns
      .filter((column) => column.required && !indexes.has(column))
      .map((column) => fileMessages.missingColumn(column.header)),
  ];
  if (problems.length > 0) throw new ChangeFileRefusal('content', problems);
  return {
    columns: [...indexes]
      .map(([column, [index]]) => ({ column, index: index!, schema: fieldSchemas.get(column)! }))
      .sort((a, b) => a.index - b.index),
    keyIndex,
    notices: [...unknown.values()].map(noticeMessages.unknownHeader),
  };
}

/** The trainee a pre-filled file's key cell names, null when it is empty, or the cell's problem. */
export function registerIdOf(value: CellValue | undefined): number | string | null {
  if (!isFilled(value)) return null;
  const text = cellText(value);
  const id = typeof value === 'number' ? value : /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : cellMessages.registerId(text);
}
