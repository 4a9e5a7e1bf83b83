import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isEmbedded, type Db } from '../../../db/client.js';
import { XLS_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../../lib/http-files.js';
import type { ReadBatch } from '../reader/change-file-worker.js';
import type { imports } from '../../../db/schema/index.js';
import {
  concatPacked,
  packedCount,
  packedRuns,
  partitionPacked,
  withSchools,
  type PackedRows,
} from '../rows/change-file-packing.js';
import type { ExportKeys } from '../rows/change-file-keys-sheet.js';
import { dictionaryKey } from '../rows/dictionary-match.js';
import type { FileStore, NewFile } from './file-store.js';
import { storingStatus, type ImportsStoreRepository } from './imports-store.repository.js';
import type { SchoolService } from '../../school/school.service.js';

/*
 * An import is visible with all its rows or not at all, and a failed upload leaves nothing. On PostgreSQL one
 * transaction gives both, and it holds no other request. PGlite has one connection in the server's own
 * thread: an open transaction holds every other query of the app, and a statement blocks the event loop while
 * it runs, so there an upload is stored in steps (docs/decisions.md, «Imports»).
 */

/**
 * One step on PGlite: its rows block the server's thread while they are inserted (~0.3–1 ms a row there, ~3 KB
 * of JSON a row), so a search waits behind at most one step (docs/benchmarks.md).
 */
const STEP_ROWS = 50;
const STEP_BYTES = 192 * 1024;

export interface StoreDeps {
  db: Db;
  store: ImportsStoreRepository;
  files: FileStore;
  schools: SchoolService;
  log?: FastifyBaseLogger | undefined;
}

type FileColumn =
  'fileId' | 'protocolFileId' | 'protocolSignatureFileId' | 'letterFileId' | 'letterSignatureFileId';
type DocumentColumn = Exclude<FileColumn, 'fileId'>;

/** The rest of an import, known once its file is read: what the upload makes of the reader's outcome. */
export interface ReadImport {
  extension: 'xlsx' | 'xls';
  headers: string[];
  notices: string[];
  rowCount: number;
  /**
   * 'Импортировать учебные заведения': the schools the file names that the dictionary lacks, added to it; the
   * rows that name them point to the new entries. Empty when the upload adds none.
   */
  newSchools: string[];
  /** The file is a pre-filled one, its rows keyed by «Номер в реестре». */
  keyed: boolean;
  /** A pre-filled file's very hidden sheet «Ключи», as read and not yet verified (none: no such sheet). */
  exportKeys: ExportKeys | 'damaged' | null;
}

export interface ImportToStore {
  values: Omit<
    typeof imports.$inferInsert,
    FileColumn | 'status' | 'headers' | 'notices' | 'rowCount' | 'pendingCount'
  >;
  /** The Excel file, stored as what its content turns out to be. */
  excel: { name: string; content: Buffer };
  /** The documents by the import's column that points to each. */
  documents: Partial<Record<DocumentColumn, NewFile>>;
  /** The file's rows as its reader sends them. */
  batches: AsyncIterable<ReadBatch>;
  /** Once the rows end: the rest of the import, or a throw that refuses the upload (nothing of it stays). */
  finish: () => Promise<ReadImport>;
  /** A check in the transaction that reveals the import, just before it does; it refuses by throwing. */
  beforeReveal?: (tx: Db) => Promise<void>;
  /**
   * Work on the revealed import's rows in the same transaction, so that no one sees them before it is done
   * (the rows that say what the register holds, settled as unchanged).
   */
  afterReveal?: (tx: Db, importId: number, read: ReadImport) => Promise<void>;
}

/** A file of the import and the column of the import that points to it. */
type ImportFile = [FileColumn, NewFile];

/** The import's files: the Excel file as what its content turned out to be, and the documents. */
function filesOf(item: ImportToStore, extension: 'xlsx' | 'xls'): ImportFile[] {
  const contentType = extension === 'xlsx' ? XLSX_CONTENT_TYPE : XLS_CONTENT_TYPE;
  const documents = Object.entries(item.documents) as [DocumentColumn, NewFile | undefined][];
  const files: ImportFile[] = [['fileId', { ...item.excel, extension, contentType }]];
  for (const [column, file] of documents) if (file) files.push([column, file]);
  return files;
}

/**
 * The import, still being stored, with its files' rows; their contents are written by `writeFiles`, in the
 * same transaction on PostgreSQL and in steps after it on PGlite.
 */
async function insertStoring(deps: StoreDeps, tx: Db, item: ImportToStore, files: ImportFile[]) {
  const fileIds: Partial<Record<FileColumn, number>> = {};
  for (const [column, file] of files) fileIds[column] = await deps.files.create(tx, file);
  const id = await deps.store.insertImport(tx, {
    ...item.values,
    ...fileIds,
    fileId: fileIds.fileId!,
    status: storingStatus,
    rowCount: 0,
    pendingCount: 0,
  });
  return { id, fileIds };
}

/** The contents of the files `insertStoring` made; `beforeEach` runs before each part's statement. */
async function writeFiles(
  deps: StoreDeps,
  tx: Db,
  files: ImportFile[],
  fileIds: Partial<Record<FileColumn, number>>,
  beforeEach?: () => Promise<unknown>,
) {
  for (const [column, file] of files)
    await deps.files.writeParts(tx, fileIds[column]!, file.content, beforeEach);
}

/**
 * Takes the rows as the reader sends them: the import begins with the first batch (a file refused before any
 * has cost no writing), each batch is inserted by `insert`, and the rows that may name a school the upload is
 * to add are held back. Then the rest of the import, once the read is done.
 */
async function takeRows(
  item: ImportToStore,
  begin: (extension: 'xlsx' | 'xls') => Promise<number>,
  insert: (id: number, rows: PackedRows) => Promise<void>,
) {
  let id: number | null = null;
  const held: PackedRows[] = [];
  for await (const batch of item.batches) {
    id ??= await begin(batch.extension);
    let rows = batch.rows;
    if (item.values.importSchools && rows.unknownSchools.some((cell) => cell !== null)) {
      const [naming, others] = partitionPacked(rows, (i) => rows.unknownSchools[i] !== null);
      held.push(naming);
      rows = others;
    }
    if (packedCount(rows) > 0) await insert(id, rows);
  }
  const read = await item.finish();
  id ??= await begin(read.extension);
  return { id, read, held: concatPacked(held) };
}

type TakenRows = Awaited<ReturnType<typeof takeRows>>;

/**
 * The last step, in one transaction: the schools the upload adds with the rows that name them, then the import
 * becomes pending, and visible, with what its read told.
 */
async function reveal(deps: StoreDeps, tx: Db, item: ImportToStore, { id, read, held }: TakenRows) {
  if (packedCount(held) > 0) {
    const found = read.newSchools.length > 0 ? await deps.schools.addMissing(tx, read.newSchools) : [];
    const added = new Map(found.map((school) => [dictionaryKey(school.Name), school]));
    await deps.store.insertChanges(tx, id, withSchools(held, added));
  }
  await item.beforeReveal?.(tx);
  const { headers, notices, rowCount } = read;
  if (!(await deps.store.revealImport(tx, id, { headers, notices, rowCount, pendingCount: rowCount })))
    throw new Error(`import ${id} was removed while it was stored`);
  await item.afterReveal?.(tx, id, read);
  return id;
}

/**
 * PostgreSQL: everything in one transaction, opened when the file's turn to be read has come, so that its
 * rows are inserted while the worker reads on.
 */
function storeAtOnce(deps: StoreDeps, item: ImportToStore) {
  return deps.db.transaction(async (tx) => {
    const taken = await takeRows(
      item,
      async (extension) => {
        const files = filesOf(item, extension);
        const { id, fileIds } = await insertStoring(deps, tx, item, files);
        await writeFiles(deps, tx, files, fileIds);
        return id;
      },
      (id, rows) => deps.store.insertChanges(tx, id, rows),
    );
    return reveal(deps, tx, item, taken);
  });
}

/**
 * PGlite: the files' rows and the hidden import in one short transaction; then the files' contents, 256 KB a
 * statement, and the rows as they are read, a step at a time, each insert its own statement, with a turn of
 * the event loop before each, so that the requests that came meanwhile run; then one transaction adds the new
 * schools with the rows that name them (usually few) and makes the import pending. Any failure deletes what
 * was written; after a crash, the next start does.
 */
async function storeInSteps(deps: StoreDeps, item: ImportToStore) {
  let id: number | null = null;
  try {
    const taken = await takeRows(
      item,
      async (extension) => {
        const files = filesOf(item, extension);
        const stored = await deps.db.transaction((tx) => insertStoring(deps, tx, item, files));
        id = stored.id;
        await writeFiles(deps, deps.db, files, stored.fileIds, nextTurn);
        return id;
      },
      async (importId, rows) => {
        for (const run of packedRuns(rows, STEP_ROWS, STEP_BYTES)) {
          await nextTurn();
          await deps.store.insertChangesAsText(deps.db, importId, run);
        }
      },
    );
    await nextTurn();
    return await deps.db.transaction((tx) => reveal(deps, tx, item, taken));
  } catch (error) {
    if (id !== null) await discardStoring(deps, id);
    throw error;
  }
}

/** Deletes an import that failed while it was stored, with its rows and files; a failure here is only logged. */
async function discardStoring(deps: StoreDeps, id: number) {
  try {
    await deps.db.transaction((tx) => deps.store.discardStoring(tx, id));
  } catch (error) {
    deps.log?.error(
      { err: error, importId: id },
      'a failed upload was not deleted; the next start deletes it',
    );
  }
}

/** Holds the SRO's file hash until the transaction ends: uploads of one file are revealed in turn. */
export async function lockFileHash(tx: Db, organizationId: number, fileHash: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${organizationId}:${fileHash}`}))`);
}

/** Stores an import with its files and rows, visible whole or not at all; answers its id. */
export function storeImport(deps: StoreDeps, item: ImportToStore): Promise<number> {
  return isEmbedded(deps.db) ? storeInSteps(deps, item) : storeAtOnce(deps, item);
}

/**
 * On start: deletes the imports a stopped process left half stored (PGlite only stores in steps, and only one
 * process opens it, so none is being stored now). Answers how many it deleted.
 */
export function discardHalfStored(db: Db, store: ImportsStoreRepository): Promise<number> {
  return db.transaction((tx) => store.discardStoring(tx, null));
}
