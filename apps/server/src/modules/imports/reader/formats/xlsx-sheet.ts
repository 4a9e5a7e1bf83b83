import { constants, inflateRawSync } from 'node:zlib';
import { normalizeForSearch } from '@registry/shared';
import { ChangeFileRefusal, damaged, fileMessages } from '../change-file-messages.js';
import { trackHeap } from '../heap-peak.js';
import {
  SheetDate,
  SheetError,
  HEADER_SEARCH_ROWS,
  columnOfReference,
  excelSerialToIso,
  isDateFormat,
  isFilled,
  keepCell,
  lastAllowedRow,
  parseCellReference,
  type CellRange,
  type CellValue,
  type SheetGrid,
  type SheetLimits,
  type SheetRow,
} from './sheet-grid.js';
import { inflateEntry, type ZipArchive, type ZipEntry } from './zip-archive.js';
import {
  attributeOf,
  decodeOfficeEscapes,
  decodeText,
  decodeXml,
  prefixOf,
  readAttributes,
  textChunks,
} from './xlsx-xml.js';

/*
 * Reads one worksheet of an .xlsx: the package's relationships lead to the workbook, its sheet, shared
 * strings and styles; only those parts are unpacked (macros, external links, pictures never are). The sheet
 * is scanned tag by tag in chunks cut at row ends, so the heap holds one chunk of text and the rows kept,
 * not the whole sheet. The grammar read is the one SpreadsheetML has (ECMA-376 part 1, §18.3): rows, cells
 * with their type, value, inline text and style, merged ranges; formulas are never read, their cached
 * values are. A DTD, which Excel never writes, refuses the file, so no entity is ever expanded.
 */

const DATA_SHEET_NAME = 'данные';

interface Relationship {
  id: string;
  /** The last word of the relationship type: worksheet, sharedStrings, styles, officeDocument. */
  type: string;
  target: string;
}

/** Reads the data sheet («Данные», else the first visible sheet) into a grid, within the limits. */
export function readXlsxSheet(bytes: Uint8Array, zip: ZipArchive, limits: SheetLimits): SheetGrid {
  const part = (name: string) => readPart(bytes, zip, name);
  const workbookPath = workbookPartOf(bytes, zip);
  const workbookXml = part(workbookPath);
  if (workbookXml === null) throw damaged(`xlsx: no ${workbookPath}`);
  const rels = readRelationships(part(relsPathOf(workbookPath)), directoryOf(workbookPath));
  const sheet = chooseSheet(workbookXml, rels);
  const date1904 = /<(?:[\w.-]+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](1|true)["']/.test(workbookXml);
  const sharedStringsPath = rels.find((rel) => rel.type === 'sharedStrings')?.target;
  const stylesPath = rels.find((rel) => rel.type === 'styles')?.target;

  const entry = zip.entries.get(sheet.toLowerCase());
  if (!entry) throw damaged(`xlsx: no ${sheet}`);
  checkDimension(bytes, entry, limits);
  const strings = sharedStringsPath ? readSharedStrings(bytes, zip, sharedStringsPath) : [];
  const dateStyles = stylesPath ? readDateStyles(part(stylesPath)) : [];
  trackHeap();
  return scanSheet(inflatePart(bytes, entry), { strings, dateStyles, date1904, limits });
}

/** The workbook part, found as Excel finds it: the package relationships' main document, else the usual name. */
export function workbookPartOf(bytes: Uint8Array, zip: ZipArchive): string {
  const rels = readRelationships(readPart(bytes, zip, '_rels/.rels'), '');
  return rels.find((rel) => rel.type === 'officeDocument')?.target ?? 'xl/workbook.xml';
}

function readPart(bytes: Uint8Array, zip: ZipArchive, name: string): string | null {
  const entry = zip.entries.get(name.toLowerCase());
  return entry ? inflatePart(bytes, entry).toString('utf8') : null;
}

/**
 * A part's bytes as UTF-8 without a byte-order mark; an XML part that declares a DTD is refused before
 * anything reads it, so no entity is ever expanded.
 */
function inflatePart(bytes: Uint8Array, entry: ZipEntry): Buffer {
  let data = inflateEntry(bytes, entry);
  if (data[0] === 0xff && data[1] === 0xfe) data = Buffer.from(data.toString('utf16le', 2), 'utf8');
  else if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3);
  if (
    data.includes('<!DOCTYPE') ||
    data.includes('<!ENTITY') ||
    /<!doctype/i.test(data.toString('latin1', 0, 4096))
  ) {
    throw new ChangeFileRefusal('content', [fileMessages.unsafeXml], `xlsx: DTD in ${entry.name}`);
  }
  return data;
}

function directoryOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

function relsPathOf(path: string): string {
  const directory = directoryOf(path);
  return `${directory}_rels/${path.slice(directory.length)}.rels`;
}

/** Relationships of a part, with targets resolved to part names and types shortened to their last word. */
function readRelationships(xml: string | null, baseDirectory: string): Relationship[] {
  if (xml === null) return [];
  return [...xml.matchAll(/<(?:[\w.-]+:)?Relationship\b([^<>]*)>/g)].flatMap((match) => {
    const attributes = readAttributes(match[1]!);
    const id = attributes.get('Id') ?? '';
    const target = attributes.get('Target');
    const type = attributes.get('Type');
    if (!target || !type || attributes.get('TargetMode') === 'External') return [];
    return [{ id, type: type.slice(type.lastIndexOf('/') + 1), target: resolvePath(baseDirectory, target) }];
  });
}

function resolvePath(baseDirectory: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : baseDirectory + target).split('/');
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') resolved.pop();
    else if (part !== '.' && part !== '') resolved.push(part);
  }
  return resolved.join('/');
}

/** The sheet named «Данные» (case and ё aside), else the first sheet a clerk can see. */
function chooseSheet(workbookXml: string, rels: Relationship[]): string {
  const sheets = [...workbookXml.matchAll(/<(?:[\w.-]+:)?sheet\b([^<>]*)>/g)].map((match) => {
    const attributes = readAttributes(match[1]!);
    // The relationship id is `r:id`, under whatever prefix the writer bound to the relationships namespace.
    const relationId = [...attributes].find(([name]) => name.endsWith(':id'))?.[1];
    return {
      name: normalizeForSearch(attributes.get('name') ?? '').trim(),
      hidden: (attributes.get('state') ?? 'visible') !== 'visible',
      rel: rels.find((rel) => rel.id === relationId),
      relationId,
    };
  });
  if (sheets.length === 0) throw new ChangeFileRefusal('content', [fileMessages.noSheets]);
  const chosen =
    sheets.find((sheet) => sheet.name === DATA_SHEET_NAME) ??
    sheets.find((sheet) => !sheet.hidden) ??
    sheets[0]!;
  if (!chosen.rel) throw damaged(`xlsx: no relationship ${chosen.relationId}`);
  if (chosen.rel.type !== 'worksheet') throw new ChangeFileRefusal('content', [fileMessages.noDataSheet]);
  return chosen.rel.target;
}

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

/**
 * The shared strings, each its runs' text joined, without the phonetic guide (`rPh`) of East Asian text;
 * walked tag by tag as the sheet is, so that text in CDATA sections is read as text.
 */
function readSharedStrings(bytes: Uint8Array, zip: ZipArchive, path: string): string[] {
  const entry = zip.entries.get(path.toLowerCase());
  if (!entry) return [];
  const data = inflatePart(bytes, entry);
  const strings: string[] = [];
  let item: string | null = null;
  let textStart = -1;
  let inPhonetic = false;
  for (const chunk of textChunks(data, `</${prefixOf(data, 'sst')}si>`)) {
    TAG.lastIndex = 0;
    for (let match = TAG.exec(chunk); match; match = TAG.exec(chunk)) {
      const closing = match[1] === '/';
      const selfClosing = match[4] === '/';
      switch (match[2]) {
        case 'si':
          if (selfClosing) strings.push('');
          else if (!closing) item = '';
          else if (item !== null) {
            strings.push(decodeText(item));
            item = null;
          }
          break;
        case 'rPh':
          inPhonetic = !closing && !selfClosing;
          break;
        case 't':
          if (item === null || inPhonetic || selfClosing) break;
          if (!closing) textStart = TAG.lastIndex;
          else item += chunk.slice(textStart, match.index);
          break;
      }
    }
  }
  return strings;
}

/** For each cell style (index into `cellXfs`), whether its number format shows a date. */
function readDateStyles(xml: string | null): boolean[] {
  if (xml === null) return [];
  const customFormats = new Map<number, string>();
  for (const match of xml.matchAll(/<(?:[\w.-]+:)?numFmt\b([^<>]*)>/g)) {
    const attributes = readAttributes(match[1]!);
    customFormats.set(Number(attributes.get('numFmtId')), attributes.get('formatCode') ?? '');
  }
  const cellXfs = /<(?:[\w.-]+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?cellXfs>/.exec(xml)?.[1] ?? '';
  return [...cellXfs.matchAll(/<(?:[\w.-]+:)?xf\b([^<>]*)>/g)].map((match) => {
    const id = Number(readAttributes(match[1]!).get('numFmtId') ?? 0);
    return isDateFormat(id, customFormats.get(id));
  });
}

interface ScanContext {
  strings: string[];
  dateStyles: boolean[];
  date1904: boolean;
  limits: SheetLimits;
}

interface OpenCell {
  column: number;
  type: string;
  style: number;
  value: string | null;
  inline: string | null;
}

// A tag, or a CDATA section stepped over whole, so that what it holds is never taken for tags.
const TAG = /<(?:!\[CDATA\[[\s\S]*?\]\]>|(\/?)(?:[\w.-]+:)?([\w.-]+)([^<>]*?)(\/?)>)/g;

/** Walks the sheet's tags once, keeping each row that has a filled cell and the merged ranges. */
function scanSheet(data: Buffer, context: ScanContext): SheetGrid {
  const rows: SheetRow[] = [];
  const merges: CellRange[] = [];
  let row: SheetRow | null = null;
  let cell: OpenCell | null = null;
  let previousRow = 0;
  let previousColumn = -1;
  let textStart = -1;
  let inPhonetic = false;

  for (const chunk of textChunks(data, `</${prefixOf(data, 'worksheet')}row>`)) {
    TAG.lastIndex = 0;
    for (let match = TAG.exec(chunk); match; match = TAG.exec(chunk)) {
      const closing = match[1] === '/';
      const selfClosing = match[4] === '/';
      switch (match[2]) {
        case 'row':
          if (closing) {
            // Only filled cells are stored, so a row with any cell is a filled row.
            if (row && row.cells.length > 0) rows.push(row);
            row = null;
          } else {
            const number = Number(attributeOf(match[3]!, 'r') ?? previousRow + 1);
            if (!Number.isInteger(number) || number <= previousRow) throw damaged(`xlsx: row ${number}`);
            previousRow = number;
            previousColumn = -1;
            row = selfClosing ? null : { number, cells: [] };
            if (rows.length % 1000 === 0) trackHeap();
          }
          break;
        case 'c':
          if (closing) {
            if (cell && row) storeCell(row, cell, context);
            cell = null;
          } else {
            const attributes = match[3]!;
            previousColumn = cellColumn(attributeOf(attributes, 'r'), previousColumn);
            cell = selfClosing
              ? null
              : {
                  column: previousColumn,
                  type: attributeOf(attributes, 't') ?? 'n',
                  style: Number(attributeOf(attributes, 's') ?? 0),
                  value: null,
                  inline: null,
                };
          }
          break;
        case 'v':
          if (!cell) break;
          if (selfClosing) cell.value = '';
          else if (!closing) textStart = TAG.lastIndex;
          else cell.value = chunk.slice(textStart, match.index);
          break;
        case 'is':
          if (cell && !closing) cell.inline = '';
          break;
        case 'rPh':
          inPhonetic = !closing && !selfClosing;
          break;
        case 't':
          if (!cell || cell.inline === null || inPhonetic || selfClosing) break;
          if (!closing) textStart = TAG.lastIndex;
          else cell.inline += chunk.slice(textStart, match.index);
          break;
        case 'mergeCell': {
          const range = readRange(readAttributes(match[3]!).get('ref') ?? '');
          // Merges matter only where the header is looked for.
          if (range && range.top <= HEADER_SEARCH_ROWS) merges.push(range);
          break;
        }
      }
    }
  }
  return { rows, merges };
}

/** The column of a cell: its reference, or the next one when the writer left the reference out. */
function cellColumn(ref: string | undefined, previousColumn: number): number {
  if (ref === undefined) return previousColumn + 1;
  const column = columnOfReference(ref);
  if (column < 0) throw damaged(`xlsx: cell reference ${ref}`);
  return column;
}

function readRange(ref: string): CellRange | null {
  const [from, to = from] = ref.split(':');
  const start = parseCellReference(from ?? '');
  const end = parseCellReference(to ?? '');
  if (!start || !end) return null;
  return { top: start.row, left: start.column, bottom: end.row, right: end.column };
}

/** Keeps the cell if it is filled. */
function storeCell(row: SheetRow, cell: OpenCell, context: ScanContext) {
  const value = cellValue(cell, context);
  if (isFilled(value)) keepCell(row, cell.column, value, context.limits);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** A cell's value by its type (ECMA-376 §18.18.11); a number under a date format is a date. */
function cellValue(cell: OpenCell, context: ScanContext): CellValue | undefined {
  const value = cell.value === null ? null : decodeXml(cell.value);
  switch (cell.type) {
    case 's': {
      // `<v/>`, which some writers leave in a cell without text, is an empty cell, not the first string.
      if (value === null || value.trim() === '') return undefined;
      const text = context.strings[Number(value)];
      if (text === undefined) throw damaged(`xlsx: shared string ${value}`);
      return text;
    }
    case 'inlineStr':
      if (cell.inline !== null) return decodeText(cell.inline);
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
