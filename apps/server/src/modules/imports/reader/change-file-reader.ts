import { toDateValue, type DictionaryRef, type NamedRef } from '@registry/shared';
import { changeFileColumns, REGISTER_ID_HEADER } from '../rows/change-file-columns.js';
import {
  ChangeFileRefusal,
  cellMessages,
  cellProblem,
  damaged,
  MAX_PROBLEM_LINES,
  fileMessages,
  noticeMessages,
  type RefusalKind,
} from '../rows/change-file-messages.js';
import { findHeader, headerAreaCheck, registerIdOf, type Header } from './change-file-header.js';
import { CellCache, readRow, type FoundColumn, type ReadRowResult, type RowContext } from './row-reader.js';
import type { ChangeFileRow } from '../rows/change-file-rows.js';
import type { ExportKeys } from '../rows/change-file-keys-sheet.js';
import { DictionaryIndex, dictionaryKey } from '../rows/dictionary-match.js';
import { detectFileType, megabytes } from './formats/file-type.js';
import { trackHeap } from './heap-peak.js';
import {
  HEADER_SEARCH_ROWS,
  gridSource,
  isFilled,
  type SheetRow,
  type SheetSource,
} from './formats/sheet-grid.js';
import { readXlsSheet } from './formats/xls-sheet.js';
import { openXlsxBook, type XlsxBook } from './formats/xlsx-sheet.js';
import { readExportKeys } from './change-file-keys-reader.js';

/*
 * The change-file reader (docs/change-file.md#reading-rules): bytes in, either every row as the trainee's
 * four sections or every problem of the file at once. It is pure and synchronous; change-file-runner.ts runs
 * it in a worker thread with a memory cap and a time limit. The order of checks is the order of cost: size,
 * type, the container's declared sizes, the sheet's declared size, and only then the cells. A pre-filled
 * file's keys sheet is read last, once the rows are, and only says what it holds (change-file-keys-reader.ts).
 */

export interface ChangeFileLimits {
  maxFileBytes: number;
  /** Data rows below the header. */
  maxRows: number;
  maxColumns: number;
  /** The sum of an .xlsx's parts once unpacked, as its zip directory declares them. */
  maxUnpackedBytes: number;
}

/** The dictionaries a row's values are found in, as lists: the worker gets them as data, not a database. */
export interface ChangeFileDictionaries {
  schools: NamedRef[];
  addresses: DictionaryRef[];
  terminationReasons: DictionaryRef[];
}

export interface ChangeFileOptions {
  /** The SRO the file comes from: every row's internship is in it. */
  organization: NamedRef;
  /** 'Импортировать учебные заведения': unknown schools are to be added rather than kept as text. */
  importSchools: boolean;
  dictionaries: ChangeFileDictionaries;
  limits: ChangeFileLimits;
  /** Today, `yyyy-MM-dd`, in Moscow; tests fix it. */
  today?: string;
  /**
   * Sends an .xlsx's rows on while its sheet is still being unpacked, its header's merged ranges found by a
   * pass ahead (~0.1–0.2 s of a 10,000-row read). Worth it where storing is slower than reading (PGlite);
   * otherwise the sheet is scanned whole first. An .xls is always read whole first.
   */
  streamRows?: boolean;
}

export type ChangeFileResult =
  | {
      ok: true;
      /** The format the content is, whatever the name said. */
      extension: 'xlsx' | 'xls';
      rows: ChangeFileRow[];
      /** About the whole file: unknown headers, schools to be added. */
      notices: string[];
      /** Schools not in the dictionary, to be added when the import asks to import schools. */
      newSchools: string[];
      /** The file has the pre-filled file's key column «Номер в реестре». */
      keyed: boolean;
      /**
       * The pre-filled file's keys sheet as read, not yet checked against its signature; 'damaged' when the
       * sheet is not as the export writes it, null when the file has none (an .xls never has).
       */
      exportKeys: ExportKeys | 'damaged' | null;
    }
  | { ok: false; kind: RefusalKind; problems: string[]; detail?: string };

/**
 * Takes the rows of a file as they are read, in batches, instead of the result's `rows` (then empty): the
 * worker sends each batch while it reads on, so the server takes them in while the worker still works,
 * in small steps, as the file they are from (known before the first batch). Rows already given are void if
 * the result is a refusal.
 */
export type RowSink = (rows: ChangeFileRow[], format: 'xlsx' | 'xls') => void;

// Rows sent on at a time: the last batch is what storing has left once the file is read, and 500 rows of it
// took PostgreSQL ~20 ms less than a thousand (docs/benchmarks.md).
const ROW_BATCH = 500;

/** Reads a change file; never throws for anything the file does. */
export function readChangeFile(
  input: Uint8Array,
  fileName: string,
  options: ChangeFileOptions,
  sink?: RowSink,
): ChangeFileResult {
  // A Buffer view, not a copy: SheetJS reads a Buffer and other byte arrays by different paths, and the
  // worker receives plain bytes while tests pass Buffers; one path for both.
  const bytes = Buffer.isBuffer(input)
    ? input
    : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  try {
    const { limits } = options;
    const oversized = refuseOversized(bytes.length, limits);
    if (oversized) throw oversized;
    const detected = detectFileType(bytes, limits, fileName);
    trackHeap();
    let book: XlsxBook | null = null;
    let sheet: SheetSource;
    if (detected.format === 'xlsx') {
      book = openXlsxBook(bytes, detected.zip, limits);
      sheet = book.dataSheet({ mergesAhead: options.streamRows ?? false, checkRow: headerAreaCheck() });
    } else sheet = gridSource(readXlsSheet(detected.stream, limits));
    trackHeap();
    const given = sink && ((rows: ChangeFileRow[]) => sink(rows, detected.format));
    const read = readSheet(sheet, options, given);
    // The export writes .xlsx alone, and a keys sheet that survived a save as .xls is not looked for.
    const exportKeys = book ? readExportKeys(book, limits) : null;
    return { ok: true, extension: detected.format, ...read, exportKeys };
  } catch (error) {
    const refusal =
      error instanceof ChangeFileRefusal ? error : damaged(String((error as Error)?.stack ?? error));
    return { ok: false, kind: refusal.kind, problems: refusal.problems, detail: refusal.detail };
  }
}

/** The refusal of a file over the size limit, or null when it is within. */
export function refuseOversized(size: number, limits: ChangeFileLimits): ChangeFileRefusal | null {
  if (size <= limits.maxFileBytes) return null;
  const limitMb = Math.round(limits.maxFileBytes / 2 ** 20);
  return new ChangeFileRefusal('too-large', [fileMessages.tooLarge(megabytes(size), limitMb)]);
}

/**
 * Reads the sheet's rows as they come: the rows of the header area are kept until the header is found, then
 * each data row is read and, in batches, handed to the sink. What refuses the file is told in the order of
 * cost, as if the sheet were read first: the sheet's own refusals (thrown by the scan), then the header's,
 * the number of rows, and the rows' problems, all at once.
 */
function readSheet(
  sheet: SheetSource,
  options: ChangeFileOptions,
  sink: ((rows: ChangeFileRow[]) => void) | undefined,
) {
  // The header is looked for in the first rows; a header cell merged down may reach further.
  const headerArea = sheet.merges.reduce((area, range) => Math.max(area, range.bottom), HEADER_SEARCH_ROWS);
  const headerRows: SheetRow[] = [];
  const start = (): DataRows => {
    let started: DataRows;
    try {
      started = readDataRows(findHeader(headerRows, sheet.merges), options, sink);
    } catch (refusal) {
      // Told once the sheet is read, after whatever the scan finds wrong with it.
      started = {
        take: () => {},
        finish: () => {
          throw refusal;
        },
      };
    }
    for (const row of headerRows) started.take(row);
    return started;
  };
  let reader: DataRows | undefined;
  sheet.eachRow((row) => {
    if (!reader && row.number <= headerArea) headerRows.push(row);
    else (reader ??= start()).take(row);
  });
  return (reader ?? start()).finish();
}

type DataRows = ReturnType<typeof readDataRows>;

/** The data rows below the header, taken one by one: read, checked, and sent on in batches. */
function readDataRows(
  header: Header,
  options: ChangeFileOptions,
  sink: ((rows: ChangeFileRow[]) => void) | undefined,
) {
  const context = rowContext(header.columns, options);
  const rows: ChangeFileRow[] = [];
  const problems: string[] = [];
  const newSchools = new Map<string, string>();
  const duplicates = new DuplicateCheck(context);
  let dataRows = 0;
  return {
    take(sheetRow: SheetRow) {
      if (sheetRow.number <= header.lastRow) return;
      if (!header.columns.some(({ index }) => isFilled(sheetRow.cells[index]))) return;
      // A file with too many rows is refused whole; the rest are only counted, to say how many.
      if (++dataRows > options.limits.maxRows) return;
      const key = header.keyIndex === null ? null : registerIdOf(sheetRow.cells[header.keyIndex]);
      const result = readRow(sheetRow, header.columns, context, typeof key === 'number');
      problems.push(...result.problems, ...duplicates.check(sheetRow.number, result.identity));
      if (typeof key === 'string') problems.push(cellProblem(sheetRow.number, REGISTER_ID_HEADER, key));
      else if (key !== null && result.row) result.row.RegisterId = key;
      if (result.newSchool) newSchools.set(dictionaryKey(result.newSchool), result.newSchool);
      if (result.row) rows.push(result.row);
      // Once a file has a problem it is refused, so its rows are no longer worth sending.
      if (rows.length === ROW_BATCH && sink && problems.length === 0) sink(rows.splice(0));
      if (rows.length % ROW_BATCH === 0) trackHeap();
    },
    finish() {
      if (dataRows > options.limits.maxRows) {
        throw new ChangeFileRefusal('too-large', [
          fileMessages.tooManyRows(dataRows, options.limits.maxRows),
        ]);
      }
      if (dataRows === 0) throw new ChangeFileRefusal('content', [fileMessages.noRows]);
      if (problems.length > 0) throw new ChangeFileRefusal('content', capped(problems));
      if (sink && rows.length > 0) sink(rows.splice(0));
      const schoolNotices = [...newSchools.values()].map(noticeMessages.schoolWillBeAdded);
      return {
        rows,
        notices: [...header.notices, ...schoolNotices],
        newSchools: [...newSchools.values()],
        keyed: header.keyIndex !== null,
      };
    },
  };
}

function capped(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEM_LINES) return problems;
  return [
    ...problems.slice(0, MAX_PROBLEM_LINES),
    fileMessages.moreProblems(problems.length - MAX_PROBLEM_LINES),
  ];
}

function rowContext(columns: FoundColumn[], options: ChangeFileOptions): RowContext {
  const position = new Map(columns.map(({ index, column }) => [column, index]));
  const byPath = new Map(changeFileColumns.map((column) => [`${column.section}:${column.path}`, column]));
  const { dictionaries } = options;
  return {
    organization: options.organization,
    importSchools: options.importSchools,
    schools: new DictionaryIndex(dictionaries.schools, (school) => school.Name),
    addresses: new DictionaryIndex(dictionaries.addresses, (entry) => entry.Value),
    terminationReasons: new DictionaryIndex(dictionaries.terminationReasons, (entry) => entry.Value),
    today: options.today ?? toDateValue(new Date()),
    columnAt: (section, path) => byPath.get(`${section}:${path}`),
    positionOf: (column) => position.get(column) ?? Number.MAX_SAFE_INTEGER,
    cellCache: new CellCache(),
  };
}

/** Two rows with one SNILS are an error, and so are two rows with one internship number. */
class DuplicateCheck {
  private readonly firstRows = {
    snils: new Map<string, number>(),
    registryNumber: new Map<string, number>(),
  };

  constructor(private readonly context: RowContext) {}

  check(rowNumber: number, identity: ReadRowResult['identity']): string[] {
    const lines: string[] = [];
    for (const key of ['snils', 'registryNumber'] as const) {
      const value = identity[key];
      if (value === null) continue;
      const seen = this.firstRows[key];
      // A SNILS is already in one spelling; internship numbers differ only in case and spacing.
      const spelling = key === 'snils' ? value : dictionaryKey(value);
      const first = seen.get(spelling);
      if (first === undefined) {
        seen.set(spelling, rowNumber);
        continue;
      }
      const column =
        key === 'snils'
          ? this.context.columnAt('PersonalInfo', 'Snils')!
          : this.context.columnAt('Internship', 'RegistryNumber')!;
      const message =
        key === 'snils' ? cellMessages.duplicateSnils(first) : cellMessages.duplicateRegistryNumber(first);
      lines.push(cellProblem(rowNumber, column.header, message));
    }
    return lines;
  }
}
