import { ChangeFileRefusal, damaged, fileMessages } from '../../rows/change-file-messages.js';
import { SheetDate, SheetError, type CellValue } from '../../rows/change-file-cells.js';
import { trackHeap } from '../heap-peak.js';
import {
  HEADER_SEARCH_ROWS,
  chooseDataSheet,
  excelSerialToIso,
  isDateFormat,
  isFilled,
  keepCell,
  lastAllowedRow,
  notATable,
  type CellRange,
  type SheetGrid,
  type SheetLimits,
  type SheetRow,
} from './sheet-grid.js';
import { Biff, Segments, records, withContinues } from './xls-records.js';

/*
 * Reads the data sheet of a BIFF8 Workbook stream (Excel 97–2003 .xls), record by record (MS-XLS §2.4):
 * the globals give the shared strings, the number formats of the cell styles, the date system and where
 * each sheet begins; the chosen sheet's substream gives its cells and merged ranges. Only cell values are
 * read: formulas give their cached results and are never evaluated, and pictures, charts, macros and
 * links are stepped over as records of no interest. The stream is already in memory and bounded by the
 * file's size limit; a cell beyond the row or column limit refuses the file where it is met. SheetJS reads
 * the same records several times slower (docs/decisions.md); the tests hold this scanner to its answers.
 */

// The tests' BIFF8 writer builds its records from the same types.
export { Biff };

/** Error codes of BIFF error cells (MS-XLS §2.5.10). */
export const BIFF_ERROR_CODES: Record<number, string> = {
  0x00: '#NULL!',
  0x07: '#DIV/0!',
  0x0f: '#VALUE!',
  0x17: '#REF!',
  0x1d: '#NAME?',
  0x24: '#NUM!',
  0x2a: '#N/A',
};

interface SheetEntry {
  name: string;
  /** Where the sheet's BOF record is in the stream. */
  offset: number;
  hidden: boolean;
  /** 0 is a worksheet; 1 a macro sheet, 2 a chart, 6 a VBA module. */
  kind: number;
}

interface Globals {
  strings: string[];
  /** Per cell style (XF), its number format's id. */
  styleFormats: number[];
  customFormats: Map<number, string>;
  date1904: boolean;
  sheets: SheetEntry[];
}

/**
 * Reads the data sheet («Данные», else the first visible sheet) into a grid, within the limits; `stream` is
 * the compound file's Workbook stream, which the file type's detection found to be BIFF8.
 */
export function readXlsSheet(stream: Buffer, limits: SheetLimits): SheetGrid {
  const globals = readGlobals(stream);
  trackHeap();
  const sheet = chooseSheet(globals.sheets);
  return readSheet(stream, sheetBof(stream, sheet), globals, limits);
}

const isBofAt = (stream: Buffer, at: number) =>
  at >= 0 && at + 4 <= stream.length && stream.readUInt16LE(at) === Biff.Bof;

/**
 * Where the sheet's substream begins: its BOUNDSHEET record's offset, which is its BOF's. Some writers
 * give the offset of the record after the BOF (ExcelDataReader's issue 624: 20 bytes on, BIFF8's BOF
 * being 16 bytes and its header); a BOF record that ends exactly there is as plainly the sheet's.
 */
function sheetBof(stream: Buffer, sheet: SheetEntry): number {
  if (isBofAt(stream, sheet.offset)) return sheet.offset;
  for (let size = 0; size <= BIFF8_BOF_SIZE; size++) {
    const at = sheet.offset - 4 - size;
    if (isBofAt(stream, at) && stream.readUInt16LE(at + 2) === size) return at;
  }
  throw damaged(`xls: sheet ${sheet.name} does not begin with BOF`);
}

const cutStream = () => damaged('xls: substream without EOF');

const BIFF8_VERSION = 0x0600;
const BIFF8_BOF_SIZE = 16;

/** A BIFF8 stream begins with a BOF record of version 0x0600; Excel 5/95's BIFF5 says 0x0500. */
export function isBiff8(stream: Buffer): boolean {
  return (
    stream.length >= 8 && stream.readUInt16LE(0) === Biff.Bof && stream.readUInt16LE(4) === BIFF8_VERSION
  );
}

/**
 * An encrypted book, of any BIFF version, keeps its structure but has a FILEPASS record among the first
 * records of its globals; detection asks before it knows the version, the scanner refuses it in its globals.
 */
export function isEncryptedBiff(stream: Buffer): boolean {
  let seen = 0;
  for (const [type] of records(stream, 0)) {
    if (type === Biff.FilePass) return true;
    if (type === Biff.Eof || ++seen >= 1000) return false;
  }
  return false;
}

function readGlobals(stream: Buffer): Globals {
  const globals: Globals = {
    strings: [],
    styleFormats: [],
    customFormats: new Map(),
    date1904: false,
    sheets: [],
  };
  for (const [type, body, size] of records(stream, 0)) {
    switch (type) {
      case Biff.Eof:
        return globals;
      case Biff.FilePass:
        throw new ChangeFileRefusal('file-type', [fileMessages.encrypted]);
      case Biff.DateMode:
        globals.date1904 = size >= 2 && stream.readUInt16LE(body) === 1;
        break;
      case Biff.Format:
        if (size >= 5)
          globals.customFormats.set(stream.readUInt16LE(body), formatText(stream, body + 2, body + size));
        break;
      case Biff.Xf:
        if (size >= 4) globals.styleFormats.push(stream.readUInt16LE(body + 2));
        break;
      case Biff.BoundSheet:
        if (size >= 8) {
          const name = new Segments(stream, body + 6, body + size);
          globals.sheets.push({
            offset: stream.readUInt32LE(body),
            hidden: (stream[body + 4]! & 0x03) !== 0,
            kind: stream[body + 5]!,
            name: name.unicodeString(name.u8()),
          });
        }
        break;
      case Biff.Sst:
        globals.strings = readSharedStrings(withContinues(stream, body, size));
        break;
    }
  }
  throw cutStream();
}

/**
 * A FORMAT record's format string. Some writers end the record a byte before the string its count promises
 * (a real government .xls does); Excel and SheetJS read the characters the record holds, and so does this.
 */
function formatText(stream: Buffer, start: number, end: number): string {
  const count = stream.readUInt16LE(start);
  const width = stream[start + 2]! & 0x01 ? 2 : 1;
  const length = Math.min(count, Math.floor((end - start - 3) / width));
  return stream.toString(width === 2 ? 'utf16le' : 'latin1', start + 3, start + 3 + length * width);
}

/** The shared string table: a count, then the strings, continued across CONTINUE records. */
function readSharedStrings(sst: Segments): string[] {
  sst.skip(4); // the count of cells that use a shared string
  const unique = sst.u32();
  const strings: string[] = [];
  // A damaged count cannot make this loop longer than the records hold: each string takes bytes.
  while (strings.length < unique && !sst.atEnd()) strings.push(sst.richString());
  return strings;
}

/** The data sheet (chooseDataSheet), which must be a worksheet. */
function chooseSheet(sheets: SheetEntry[]): SheetEntry {
  const chosen = chooseDataSheet(sheets);
  if (chosen.kind !== 0) throw notATable(chosen);
  return chosen;
}

/** The cells of one sheet substream, kept by row as they are met, and its merged ranges. */
class SheetCells {
  private readonly byRow: (SheetRow | undefined)[] = [];
  readonly merges: CellRange[] = [];
  private readonly isDateStyle: (boolean | undefined)[] = [];
  private rowCount = 0;
  // A string formula's text comes in the STRING record after it.
  stringFormula: { row: number; column: number } | null = null;

  constructor(
    readonly stream: Buffer,
    private readonly globals: Globals,
    readonly limits: SheetLimits,
  ) {}

  u16(at: number): number {
    return this.stream.readUInt16LE(at);
  }

  put(row: number, column: number, value: CellValue) {
    if (!isFilled(value)) return;
    let sheetRow = this.byRow[row];
    if (!sheetRow) {
      this.byRow[row] = sheetRow = { number: row + 1, cells: [] };
      if (++this.rowCount % 1000 === 0) trackHeap();
    }
    keepCell(sheetRow, column, value, this.limits);
  }

  /** A number as its cell style shows it: a date under a date format, else the number. */
  number(style: number, value: number): CellValue {
    let isDate = this.isDateStyle[style];
    if (isDate === undefined) {
      const format = this.globals.styleFormats[style] ?? 0;
      this.isDateStyle[style] = isDate = isDateFormat(format, this.globals.customFormats.get(format));
    }
    const iso = isDate ? excelSerialToIso(value, this.globals.date1904) : null;
    return iso ? new SheetDate(iso) : value;
  }

  sharedString(index: number): string {
    const text = this.globals.strings[index];
    if (text === undefined) throw damaged(`xls: shared string ${index}`);
    return text;
  }

  grid(): SheetGrid {
    return { rows: this.byRow.filter((row): row is SheetRow => row !== undefined), merges: this.merges };
  }
}

/** The chosen sheet's substream, from its BOF to the EOF that closes it, into a grid. */
function readSheet(stream: Buffer, offset: number, globals: Globals, limits: SheetLimits): SheetGrid {
  const cells = new SheetCells(stream, globals, limits);
  let depth = 0;
  for (const [type, body, size] of records(stream, offset)) {
    // Charts and other objects embed substreams of their own, each from its BOF to its EOF.
    if (type === Biff.Bof) depth++;
    else if (type === Biff.Eof && --depth === 0) return cells.grid();
    if (depth === 1) readSheetRecord(cells, type, body, size);
  }
  throw cutStream();
}

/** One record of the sheet's own substream; records of no interest are stepped over. */
function readSheetRecord(cells: SheetCells, type: number, body: number, size: number) {
  const { stream } = cells;
  const u16 = (at: number) => stream.readUInt16LE(at);
  switch (type) {
    case Biff.Dimensions:
      if (size >= 12) checkDimensions(stream.readUInt32LE(body + 4), u16(body + 10), cells.limits);
      break;
    case Biff.LabelSst:
      if (size >= 10) cells.put(u16(body), u16(body + 2), cells.sharedString(stream.readUInt32LE(body + 6)));
      break;
    case Biff.Label:
      if (size >= 9) {
        const text = new Segments(stream, body + 6, body + size);
        cells.put(u16(body), u16(body + 2), text.unicodeString(text.u16()));
      }
      break;
    case Biff.Number:
      if (size >= 14) {
        cells.put(u16(body), u16(body + 2), cells.number(u16(body + 4), stream.readDoubleLE(body + 6)));
      }
      break;
    case Biff.Rk:
      if (size >= 10)
        cells.put(u16(body), u16(body + 2), cells.number(u16(body + 4), rkValue(stream, body + 6)));
      break;
    case Biff.MulRk:
      readMulRk(cells, body, size);
      break;
    case Biff.BoolErr:
      if (size >= 8) {
        const value = stream[body + 6]!;
        cells.put(u16(body), u16(body + 2), stream[body + 7] ? errorOf(value) : value !== 0);
      }
      break;
    case Biff.Formula:
    case Biff.Formula4:
      if (size >= 14) readFormula(cells, body);
      break;
    case Biff.String:
      if (cells.stringFormula && size >= 3) {
        const text = withContinues(stream, body, size);
        cells.put(cells.stringFormula.row, cells.stringFormula.column, text.unicodeString(text.u16()));
      }
      cells.stringFormula = null;
      break;
    case Biff.MergeCells:
      readMerges(cells, body, size);
      break;
  }
}

/** The row, the first column, six bytes (style and RK) per cell, the last column. */
function readMulRk(cells: SheetCells, body: number, size: number) {
  const { stream } = cells;
  let column = size >= 4 ? cells.u16(body + 2) : 0;
  for (let at = body + 4; at + 6 <= body + size - 2; at += 6, column++) {
    cells.put(cells.u16(body), column, cells.number(cells.u16(at), rkValue(stream, at + 2)));
  }
}

/** A formula's cached result; a string's text waits for the STRING record that follows. */
function readFormula(cells: SheetCells, body: number) {
  const { stream } = cells;
  const [row, column] = [cells.u16(body), cells.u16(body + 2)];
  // A cached number fills all eight bytes; other results mark their last two bytes 0xFFFF.
  if (cells.u16(body + 12) !== 0xffff) {
    cells.put(row, column, cells.number(cells.u16(body + 4), stream.readDoubleLE(body + 6)));
    return;
  }
  const value = stream[body + 8]!;
  switch (stream[body + 6]) {
    case 0:
      cells.stringFormula = { row, column };
      break;
    case 1:
      cells.put(row, column, value !== 0);
      break;
    case 2:
      cells.put(row, column, errorOf(value));
      break;
    default:
      // 3 is an empty result; the cell stays empty, as it does for a type the format may add.
      break;
  }
}

function readMerges(cells: SheetCells, body: number, size: number) {
  const count = size >= 2 ? cells.u16(body) : 0;
  for (let i = 0, at = body + 2; i < count && at + 8 <= body + size; i++, at += 8) {
    const top = cells.u16(at) + 1;
    // Merges matter only where the header is looked for.
    if (top <= HEADER_SEARCH_ROWS) {
      cells.merges.push({
        top,
        bottom: cells.u16(at + 2) + 1,
        left: cells.u16(at + 4),
        right: cells.u16(at + 6),
      });
    }
  }
}

/** The declared size of the sheet, so that one that says it is too big is refused before its cells. */
function checkDimensions(rowsEnd: number, columnsEnd: number, limits: SheetLimits) {
  if (rowsEnd > lastAllowedRow(limits)) {
    throw new ChangeFileRefusal('too-large', [fileMessages.sheetTooTall(rowsEnd, limits.maxRows)]);
  }
  if (columnsEnd > limits.maxColumns) {
    throw new ChangeFileRefusal('too-large', [fileMessages.tooManyColumns(columnsEnd, limits.maxColumns)]);
  }
}

function errorOf(code: number): SheetError {
  return new SheetError(BIFF_ERROR_CODES[code] ?? '#ERROR');
}

const rkBuffer = Buffer.alloc(8);

/** An RK number (MS-XLS §2.5.217): a 30-bit integer or the high bits of a double, perhaps divided by 100. */
function rkValue(stream: Buffer, at: number): number {
  const rk = stream.readInt32LE(at);
  let value: number;
  if (rk & 0x02) value = rk >> 2;
  else {
    rkBuffer.writeInt32LE(0, 0);
    rkBuffer.writeInt32LE(rk & ~0x03, 4);
    value = rkBuffer.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}
