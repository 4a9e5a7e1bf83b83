import type { NamedRef } from '@registry/shared';
import { fullNameOf } from '@registry/shared';
import { columnsByKey, headerKey } from './change-file-columns.js';
import type { ChangeFileRow } from './change-file-rows.js';
import { dictionaryKey } from './dictionary-match.js';

/*
 * An upload stores thousands of rows. The worker that reads them also packs them the way the database takes
 * them, so that the server neither clones row objects out of the worker nor serialises them again: the light
 * columns travel as arrays, and each row's sections and cells as JSON text in one UTF-8 buffer per batch,
 * handed over rather than copied.
 */

/** The light columns of packed rows, one array each, one element per row. */
interface LightColumns {
  rowNumbers: number[];
  fullNames: string[];
  snils: (string | null)[];
  /** What the row is matched to the register by, besides its name and SNILS (`matchBirthDate` and the rest). */
  birthDates: (string | null)[];
  registryNumbers: (string | null)[];
  /** The text of the row's school cell when the dictionary lacks that school, for 'Импортировать учебные заведения'. */
  unknownSchools: (string | null)[];
  notices: string[][];
}

/** Each light column made by `take`, which gets the column's accessor: every column is named, with its type. */
function eachLightColumn(take: <T>(columnOf: (rows: LightColumns) => T[]) => T[]): LightColumns {
  return {
    rowNumbers: take((rows) => rows.rowNumbers),
    fullNames: take((rows) => rows.fullNames),
    snils: take((rows) => rows.snils),
    birthDates: take((rows) => rows.birthDates),
    registryNumbers: take((rows) => rows.registryNumbers),
    unknownSchools: take((rows) => rows.unknownSchools),
    notices: take((rows) => rows.notices),
  };
}

export interface PackedRows extends LightColumns {
  /** Each row's sections as JSON, then its cells as JSON (their texts in the order of the file's headers). */
  payload: Uint8Array;
  /** Row i's sections are payload[bounds[2i], bounds[2i + 1]); its cells end at bounds[2i + 2]. */
  bounds: number[];
}

/** A row as stored: `data` is what the import_changes column holds, `raw` its cells by header order. */
export interface StoredRow {
  rowNumber: number;
  data: Pick<ChangeFileRow, 'PersonalInfo' | 'Supervisors' | 'Internship' | 'InternshipSteps' | 'RegisterId'>;
  raw: (string | null)[];
  notices: string[];
}

// Whether a header is the school's, by the header as the file writes it: a file has few headers, many rows.
const isSchoolHeader = new Map<string, boolean>();

/** The school a row names, as written in its cell. */
function schoolCellOf(row: ChangeFileRow): string | null {
  for (const header in row.raw) {
    let isSchool = isSchoolHeader.get(header);
    if (isSchool === undefined) {
      const column = columnsByKey.get(headerKey(header));
      isSchool = column?.section === 'PersonalInfo' && column.path === 'School';
      if (isSchoolHeader.size < 10_000) isSchoolHeader.set(header, isSchool);
    }
    if (isSchool) return row.raw[header]!;
  }
  return null;
}

const dataOf = (row: ChangeFileRow): StoredRow['data'] => ({
  PersonalInfo: row.PersonalInfo,
  Supervisors: row.Supervisors,
  Internship: row.Internship,
  InternshipSteps: row.InternshipSteps,
  ...(row.RegisterId !== undefined && { RegisterId: row.RegisterId }),
});

/** Lays JSON texts end to end in one buffer of their own, with where each ends. */
function encode(texts: string[]): { payload: Uint8Array; bounds: number[] } {
  const bounds = [0];
  for (const text of texts) bounds.push(bounds.at(-1)! + Buffer.byteLength(text));
  // A buffer of its own (not Node's shared pool), so that it can be transferred to another thread.
  const payload = Buffer.allocUnsafeSlow(bounds.at(-1)!);
  texts.forEach((text, i) => payload.write(text, bounds[i]!));
  return { payload, bounds };
}

/**
 * Packs the rows of one file batch by batch. The headers are the file's filled ones in the order they first
 * appear; a row's cells follow that order, so a row read before a header appeared simply ends before it.
 */
export function createRowPacker() {
  const headers: string[] = [];
  const headerIndex = new Map<string, number>();
  const cellsOf = (row: ChangeFileRow) => {
    const cells: (string | null)[] = [];
    // `for…in`, not Object.entries: no pair array per cell of every row.
    for (const header in row.raw) {
      let index = headerIndex.get(header);
      if (index === undefined) headerIndex.set(header, (index = headers.push(header) - 1));
      cells[index] = row.raw[header]!;
    }
    return Array.from(cells, (text) => text ?? null);
  };
  return {
    headers,
    pack(rows: ChangeFileRow[]): PackedRows {
      const texts = rows.flatMap((row) => [JSON.stringify(dataOf(row)), JSON.stringify(cellsOf(row))]);
      return {
        rowNumbers: rows.map((row) => row.rowNumber),
        fullNames: rows.map((row) => fullNameOf(row.PersonalInfo)),
        snils: rows.map((row) => row.PersonalInfo.Snils),
        birthDates: rows.map((row) => row.PersonalInfo.DateOfBirth),
        registryNumbers: rows.map((row) => row.Internship.RegistryNumber),
        unknownSchools: rows.map((row) => (row.PersonalInfo.School === null ? schoolCellOf(row) : null)),
        notices: rows.map((row) => row.notices),
        ...encode(texts),
      };
    },
  };
}

export const packedCount = (rows: PackedRows) => rows.rowNumbers.length;

/** Batches as one, their buffers copied end to end. */
export function concatPacked(batches: PackedRows[]): PackedRows {
  const payload = new Uint8Array(batches.reduce((sum, batch) => sum + batch.payload.length, 0));
  const bounds = [0];
  for (const batch of batches) {
    const base = bounds.pop()!;
    payload.set(batch.payload, base);
    bounds.push(...batch.bounds.map((bound) => base + bound));
  }
  return {
    ...eachLightColumn((columnOf) => batches.flatMap(columnOf)),
    payload,
    bounds,
  };
}

/** Rows `start` to `end` (exclusive), their bounds counted from the start of their own part of the buffer. */
export function slicePacked(rows: PackedRows, start: number, end: number): PackedRows {
  const from = rows.bounds[2 * start]!;
  const to = rows.bounds[2 * end]!;
  return {
    ...eachLightColumn((columnOf) => columnOf(rows).slice(start, end)),
    payload: rows.payload.subarray(from, to),
    bounds: rows.bounds.slice(2 * start, 2 * end + 1).map((bound) => bound - from),
  };
}

/**
 * The rows in runs of at most `maxRows` rows and, past the first row of a run, at most `maxBytes` of JSON:
 * the steps in which PGlite stores an upload (imports-store.ts).
 */
export function* packedRuns(rows: PackedRows, maxRows: number, maxBytes: number) {
  const total = packedCount(rows);
  for (let start = 0, end = 1; start < total; start = end, end = start + 1) {
    const limit = rows.bounds[2 * start]! + maxBytes;
    while (end < total && end - start < maxRows && rows.bounds[2 * end + 2]! <= limit) end++;
    yield slicePacked(rows, start, end);
  }
}

/** The rows that `which` picks, and the others, each in file order. */
export function partitionPacked(rows: PackedRows, which: (i: number) => boolean): [PackedRows, PackedRows] {
  const picked: PackedRows[] = [];
  const others: PackedRows[] = [];
  for (let i = 0; i < packedCount(rows); i++) (which(i) ? picked : others).push(slicePacked(rows, i, i + 1));
  return [concatPacked(picked), concatPacked(others)];
}

/**
 * Batches of rows as the insert binds them: the light columns as arrays, and each row's sections and cells as
 * 1-based byte positions (substring() counts from 1) in the batch's own slice of the buffer.
 */
export function* insertBatches(rows: PackedRows, size: number) {
  for (let start = 0; start < packedCount(rows); start += size) {
    const batch = slicePacked(rows, start, Math.min(start + size, packedCount(rows)));
    const at = (part: number) => batch.bounds[part]! + 1;
    yield {
      rowNumbers: batch.rowNumbers,
      fullNames: batch.fullNames,
      snils: batch.snils,
      birthDates: batch.birthDates,
      registryNumbers: batch.registryNumbers,
      notices: batch.notices.map((notices) => JSON.stringify(notices)),
      dataStarts: batch.rowNumbers.map((_, i) => at(2 * i)),
      rawStarts: batch.rowNumbers.map((_, i) => at(2 * i + 1)),
      rawEnds: batch.rowNumbers.map((_, i) => at(2 * i + 2)),
      payload: Buffer.from(batch.payload.buffer, batch.payload.byteOffset, batch.payload.byteLength),
    };
  }
}

const decoder = new TextDecoder();
const textAt = (rows: PackedRows, part: number) =>
  decoder.decode(rows.payload.subarray(rows.bounds[part], rows.bounds[part + 1]));

/** Each row's sections and cells as JSON text, for a driver that binds text far faster than bytes (PGlite). */
export function packedTexts(rows: PackedRows): { data: string[]; raw: string[] } {
  return {
    data: rows.rowNumbers.map((_, i) => textAt(rows, 2 * i)),
    raw: rows.rowNumbers.map((_, i) => textAt(rows, 2 * i + 1)),
  };
}

/** Row i decoded, as it will be stored. */
export function unpackRow(rows: PackedRows, i: number): StoredRow {
  return {
    rowNumber: rows.rowNumbers[i]!,
    data: JSON.parse(textAt(rows, 2 * i)) as StoredRow['data'],
    raw: JSON.parse(textAt(rows, 2 * i + 1)) as (string | null)[],
    notices: rows.notices[i]!,
  };
}

/** Every row decoded: for tests and small files, never for an upload. */
export const unpackRows = (rows: PackedRows) => rows.rowNumbers.map((_, i) => unpackRow(rows, i));

/**
 * The rows with the schools just added to the dictionary: a row whose school cell names one of them points
 * to it. Only those rows are decoded and packed again.
 */
export function withSchools(rows: PackedRows, added: Map<string, NamedRef>): PackedRows {
  const texts: string[] = [];
  let changed = false;
  rows.unknownSchools.forEach((cell, i) => {
    const school = cell === null ? undefined : added.get(dictionaryKey(cell));
    if (school) {
      const row = unpackRow(rows, i);
      row.data.PersonalInfo.School = school;
      texts.push(JSON.stringify(row.data));
      changed = true;
    } else texts.push(textAt(rows, 2 * i));
    texts.push(textAt(rows, 2 * i + 1));
  });
  if (!changed) return rows;
  return { ...rows, unknownSchools: rows.unknownSchools.map(() => null), ...encode(texts) };
}
