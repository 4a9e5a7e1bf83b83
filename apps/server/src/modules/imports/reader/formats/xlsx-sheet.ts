import { constants, inflateRawSync } from 'node:zlib';
import { normalizeForSearch } from '@registry/shared';
import { ChangeFileRefusal, damaged, fileMessages } from '../../rows/change-file-messages.js';
import { SheetDate, SheetError, type CellValue } from '../../rows/change-file-cells.js';
import { trackHeap } from '../heap-peak.js';
import {
  HEADER_SEARCH_ROWS,
  MAX_CELL_TEXT,
  chooseDataSheet,
  columnOfReference,
  excelSerialToIso,
  gridSource,
  isFilled,
  keepCell,
  lastAllowedRow,
  notATable,
  parseCellReference,
  tooLongText,
  type CellRange,
  type SheetLimits,
  type SheetSource,
  type SheetRow,
} from './sheet-grid.js';
import { inflateBlocks, type ZipArchive, type ZipEntry } from './zip-archive.js';
import { findHeaderMerges, readRange } from './xlsx-merges.js';
import { readSharedStrings } from './xlsx-shared-strings.js';
import {
  directoryOf,
  readDateStyles,
  readRelationships,
  readWorkbook,
  relsPathOf,
  workbookPartOf,
  type WorkbookSheet,
} from './xlsx-package.js';
import {
  TextGatherer,
  attributeOf,
  decodeOfficeEscapes,
  decodeText,
  decodeXml,
  readAttributes,
  scanXml,
} from './xlsx-xml.js';

/*
 * Reads one worksheet of an .xlsx: the package's relationships lead to the workbook, its sheet, shared
 * strings and styles; only those parts are unpacked (macros, external links, pictures never are). Every
 * part is scanned tag by tag as it is unpacked, so the heap holds one block of it and what is kept (the shared
 * strings, and the rows: all of them when the sheet is read whole first, else the one being read), never a
 * part whole; a text longer than a cell may hold refuses the file while it is read. The grammar read is the
 * one SpreadsheetML has (ECMA-376 part 1, §18.3): rows, cells with their type, value, inline text and style,
 * merged ranges; formulas are never read, their cached values are. A DTD, which Excel never writes, refuses
 * the file, so no entity is ever expanded.
 */

export interface XlsxSheetOptions {
  /** Read the header area's merged ranges first, and hand on the rows as the sheet is unpacked. */
  mergesAhead?: boolean;
  /**
   * Hears each row as the scan reads it, before it is kept or handed on, and may throw to stop the scan:
   * a sheet read whole first is then refused without holding the rest of it.
   */
  checkRow?: (row: SheetRow) => void;
}

/**
 * Opens the data sheet («Данные», else the first visible sheet), to be read within the limits: its shared
 * strings and date styles are read first. With `mergesAhead`, so are the merged ranges of its header area,
 * by a pass of their own (`findHeaderMerges`), and its rows come as the sheet is unpacked; without, the
 * sheet is scanned whole first, and its ranges come with its rows.
 */
export function openXlsxSheet(
  bytes: Uint8Array,
  zip: ZipArchive,
  limits: SheetLimits,
  options: XlsxSheetOptions = {},
): SheetSource {
  return openXlsxBook(bytes, zip, limits).dataSheet(options);
}

/**
 * An .xlsx's workbook, its sheets to be read within the limits. The shared strings and date styles are read
 * once, for the first sheet read, after that sheet's declared size is checked, and serve every sheet after.
 */
export function openXlsxBook(bytes: Uint8Array, zip: ZipArchive, limits: SheetLimits) {
  const workbookPath = workbookPartOf(bytes, zip);
  const workbook = readWorkbook(bytes, zip, workbookPath);
  if (workbook === null) throw damaged(`xlsx: no ${workbookPath}`);
  const rels = readRelationships(bytes, zip, relsPathOf(workbookPath), directoryOf(workbookPath));
  let context: ScanContext | undefined;
  const scanContext = (): ScanContext => {
    if (context) return context;
    const sharedStringsPath = rels.find((rel) => rel.type === 'sharedStrings')?.target;
    const stylesPath = rels.find((rel) => rel.type === 'styles')?.target;
    const strings = sharedStringsPath ? readSharedStrings(bytes, zip, sharedStringsPath) : [];
    const dateStyles = stylesPath ? readDateStyles(bytes, zip, stylesPath) : [];
    trackHeap();
    return (context = { strings, dateStyles, date1904: workbook.date1904, limits });
  };
  /** A sheet's part, its declared size checked. */
  const sheetEntry = (sheet: WorkbookSheet): ZipEntry => {
    const rel = rels.find((candidate) => candidate.id === sheet.relationId);
    if (!rel) throw damaged(`xlsx: no relationship ${sheet.relationId}`);
    if (rel.type !== 'worksheet') throw notATable(sheet);
    const entry = zip.entries.get(rel.target.toLowerCase());
    if (!entry) throw damaged(`xlsx: no ${rel.target}`);
    checkDimension(bytes, entry, limits);
    return entry;
  };

  return {
    /** The data sheet (openXlsxSheet). */
    dataSheet({ mergesAhead = false, checkRow }: XlsxSheetOptions = {}): SheetSource {
      const entry = sheetEntry(chooseDataSheet(workbook.sheets));
      const context = scanContext();
      const checked = (take: (row: SheetRow) => void) => (row: SheetRow) => {
        checkRow?.(row);
        take(row);
      };
      if (!mergesAhead) {
        const rows: SheetRow[] = [];
        const merges = scanSheet(
          bytes,
          entry,
          context,
          checked((row) => rows.push(row)),
        );
        return gridSource({ rows, merges });
      }
      const merges = findHeaderMerges(bytes, entry);
      return {
        merges,
        eachRow(take) {
          const scanned = scanSheet(bytes, entry, context, checked(take));
          // The ranges were found by their name ahead of the scan; a file where the scan reads others (one
          // hidden in a CDATA section, say) is not one Excel wrote.
          if (JSON.stringify(scanned) !== JSON.stringify(merges)) throw damaged('xlsx: merged ranges differ');
        },
      };
    },
    /**
     * Hands each filled row of the sheet named `name` (case and ё aside), visible, hidden or very hidden, to
     * `take` as it is unpacked, within the same limits as the data sheet; false when the workbook has no such
     * sheet.
     */
    eachRowOf(name: string, take: (row: SheetRow) => void): boolean {
      const key = normalizeForSearch(name).trim();
      const sheet = workbook.sheets.find((candidate) => candidate.name === key);
      if (!sheet) return false;
      const entry = sheetEntry(sheet);
      scanSheet(bytes, entry, scanContext(), take);
      return true;
    },
  };
}

export type XlsxBook = ReturnType<typeof openXlsxBook>;

/**
 * The sheet's declared size from its `<dimension>`, read from the first kilobytes of the part without
 * unpacking the rest, so a sheet that says it has a million rows is refused before it is inflated.
 */
function checkDimension(bytes: Uint8Array, entry: ZipEntry, limits: SheetLimits) {
  const packed = bytes.subarray(entry.dataStart, entry.dataStart + Math.min(entry.compressedSize, 8192));
  let head: string;
  try {
    head = (
      entry.method === 0
        ? Buffer.from(packed)
        : inflateRawSync(packed, { finishFlush: constants.Z_SYNC_FLUSH })
    ).toString('latin1');
  } catch {
    return; // the whole part is inflated next and refused there if it is damaged
  }
  const ref = /<(?:[\w.-]+:)?dimension\b[^>]*\bref\s*=\s*["']([^"']*)["']/.exec(head)?.[1];
  const last = ref ? parseCellReference(ref.slice(ref.indexOf(':') + 1)) : null;
  if (!last) return;
  if (last.row > lastAllowedRow(limits)) {
    throw new ChangeFileRefusal('too-large', [fileMessages.sheetTooTall(last.row, limits.maxRows)]);
  }
  if (last.column >= limits.maxColumns) {
    throw new ChangeFileRefusal('too-large', [
      fileMessages.tooManyColumns(last.column + 1, limits.maxColumns),
    ]);
  }
}

interface ScanContext {
  /** Shared strings; null for one longer than a cell may hold. */
  strings: (string | null)[];
  dateStyles: boolean[];
  date1904: boolean;
  limits: SheetLimits;
}

interface OpenCell {
  row: number;
  column: number;
  type: string;
  style: number;
  value: TextGatherer | null;
  inline: TextGatherer | null;
}

/**
 * Walks the sheet's tags once, handing on each row that has a filled cell as soon as it ends; answers the
 * merged ranges of the header area.
 */
function scanSheet(
  bytes: Uint8Array,
  entry: ZipEntry,
  context: ScanContext,
  take: (row: SheetRow) => void,
): CellRange[] {
  const merges: CellRange[] = [];
  const rows = rowAssembler(take);
  let cell: OpenCell | null = null;
  let previousColumn = -1;
  // The value or inline text being read, if any.
  let gathering: TextGatherer | null = null;
  let inPhonetic = false;

  scanXml(
    inflateBlocks(bytes, entry),
    {
      tag(closing, name, attributes, selfClosing) {
        switch (name) {
          case 'row':
            if (closing) rows.close();
            else {
              rows.open(attributeOf(attributes, 'r'), selfClosing);
              previousColumn = -1;
            }
            break;
          case 'c':
            gathering = null;
            if (closing) {
              if (cell && rows.current) storeCell(rows.current, cell, context);
              cell = null;
            } else {
              const ref = attributeOf(attributes, 'r');
              previousColumn = cellColumn(ref, previousColumn);
              // A reference of digits alone (`r="0"`) names no column: SheetJS drops the cell, and so does this.
              const named = previousColumn >= 0;
              cell = selfClosing || !named ? null : openCell(attributes, rows.number, previousColumn);
            }
            break;
          case 'v':
            if (!cell) break;
            if (closing) gathering = null;
            else gathering = cell.value = new TextGatherer(MAX_CELL_TEXT);
            if (selfClosing) gathering = null;
            break;
          case 'is':
            if (cell && !closing) cell.inline = new TextGatherer(MAX_CELL_TEXT);
            break;
          case 'rPh':
            inPhonetic = !closing && !selfClosing;
            break;
          case 't':
            if (!cell || cell.inline === null || inPhonetic || selfClosing) break;
            gathering = closing ? null : cell.inline;
            break;
          case 'mergeCell': {
            const range = readRange(readAttributes(attributes).get('ref') ?? '');
            // Merges matter only where the header is looked for.
            if (range && range.top <= HEADER_SEARCH_ROWS) merges.push(range);
            break;
          }
        }
      },
      text(text, from, to) {
        if (!gathering) return;
        gathering.add(text, from, to);
        // Refused at once, where it stands: the rest of the text is never read.
        if (gathering.tooLong) throw tooLongText(cell!.row, cell!.column);
      },
    },
    entry.name,
  );
  rows.finish();
  return merges;
}

/**
 * The rows of a scan, each handed on once a row with another number begins: a writer may repeat a row's tag
 * for each of its cells, and the same number again goes on with that row, as SheetJS and Excel read it; a
 * lower one is damage. Only filled cells are stored, so a row with any cell is a filled row.
 */
function rowAssembler(take: (row: SheetRow) => void) {
  let current: SheetRow | null = null;
  // The last row read, held until a row with another number begins.
  let held: SheetRow | null = null;
  let number = 0;
  let count = 0;
  const finish = () => {
    if (held && held.cells.length > 0) take(held);
    held = null;
  };
  return {
    /** The number of the row being read (or last read). */
    get number() {
      return number;
    },
    /** The row whose cells are being read, or null between rows. */
    get current() {
      return current;
    },
    open(ref: string | undefined, selfClosing: boolean) {
      const next = Number(ref ?? number + 1);
      if (!Number.isInteger(next) || next < number || next < 1) throw damaged(`xlsx: row ${next}`);
      if (next !== number) finish();
      number = next;
      if (!selfClosing) {
        current = held ?? { number, cells: [] };
        held = null;
      }
      if (++count % 1000 === 0) trackHeap();
    },
    close() {
      held = current ?? held;
      current = null;
    },
    finish,
  };
}

function openCell(attributes: string, row: number, column: number): OpenCell {
  const type = attributeOf(attributes, 't') ?? 'n';
  const style = Number(attributeOf(attributes, 's') ?? 0);
  return { row, column, type, style, value: null, inline: null };
}

/**
 * The column of a cell: its reference, or the next one when the writer left the reference out; -1 for a
 * reference of digits alone, which has no column.
 */
function cellColumn(ref: string | undefined, previousColumn: number): number {
  if (ref === undefined) return previousColumn + 1;
  const column = columnOfReference(ref);
  if (column < 0 && !/^\d+$/.test(ref)) throw damaged(`xlsx: cell reference ${ref}`);
  return column;
}

/** Keeps the cell if it is filled. */
function storeCell(row: SheetRow, cell: OpenCell, context: ScanContext) {
  const value = cellValue(cell, context);
  if (isFilled(value)) keepCell(row, cell.column, value, context.limits);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** A cell's value by its type (ECMA-376 §18.18.11); a number under a date format is a date. */
function cellValue(cell: OpenCell, context: ScanContext): CellValue | undefined {
  const value = cell.value === null ? null : decodeXml(cell.value.xml);
  switch (cell.type) {
    case 's': {
      // `<v/>`, which some writers leave in a cell without text, is an empty cell, not the first string.
      if (value === null || value.trim() === '') return undefined;
      const text = context.strings[Number(value)];
      if (text === undefined) throw damaged(`xlsx: shared string ${value}`);
      if (text === null) throw tooLongText(cell.row, cell.column);
      return text;
    }
    case 'inlineStr':
      if (cell.inline !== null) return decodeText(cell.inline.xml);
      return value === null ? undefined : decodeOfficeEscapes(value);
    case 'str':
      return value === null ? undefined : decodeOfficeEscapes(value);
    case 'b':
      return value === null ? undefined : value.trim() === '1' || value.trim() === 'true';
    case 'e':
      return value === null ? undefined : new SheetError(value);
    case 'd':
      return value !== null && ISO_DATE.test(value)
        ? new SheetDate(value.slice(0, 10))
        : (value ?? undefined);
    default: {
      if (value === null || value.trim() === '') return undefined;
      const number = Number(value);
      if (!Number.isFinite(number)) return value;
      const iso = context.dateStyles[cell.style] ? excelSerialToIso(number, context.date1904) : null;
      return iso ? new SheetDate(iso) : number;
    }
  }
}
