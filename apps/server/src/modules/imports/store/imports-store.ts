import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isEmbedded, type Db } from '../../../db/client.js';
import type { imports } from '../../../db/schema/index.js';
import {
  packedCount,
  packedRuns,
  partitionPacked,
  withSchools,
  type PackedRows,
} from './change-file-packing.js';
import { dictionaryKey } from '../reader/dictionary-match.js';
import type { FileStore, NewFile } from './file-store.js';
import { storingStatus } from '../imports.repository.js';
import type { ImportsStoreRepository } from './imports-store.repository.js';
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

export interface ImportToStore {
  values: Omit<typeof imports.$inferInsert, FileColumn | 'status'>;
  /** The files by the import's column that points to each. */
  files: { fileId: NewFile } & Partial<Record<Exclude<FileColumn, 'fileId'>, NewFile>>;
  rows: PackedRows;
  /**
   * 'Импортировать учебные заведения': the schools the file names that the dictionary lacks, added to it; the
   * rows that name them point to the new entries. Empty when the upload adds none.
   */
  newSchools: string[];
  /** A check in the transaction that reveals the import, just before it does; it refuses by throwing. */
  beforeReveal?: (tx: Db) => Promise<void>;
}

/** The import's files, then the import itself, still being stored. */
async function insertStoring(deps: StoreDeps, tx: Db, item: ImportToStore): Promise<number> {
  const fileIds: Partial<Record<FileColumn, number>> = {};
  for (const [column, file] of Object.entries(item.files) as [FileColumn, NewFile | undefined][]) {
    if (file) fileIds[column] = await deps.files.store(tx, file);
  }
  return deps.store.insertImport(tx, {
    ...item.values,
    ...fileIds,
    fileId: fileIds.fileId!,
    status: storingStatus,
  });
}

/** Adds the upload's new schools and stores the rows that name them; in the transaction that ends storing. */
async function insertWithSchools(deps: StoreDeps, tx: Db, item: ImportToStore, id: number, rows: PackedRows) {
  if (packedCount(rows) === 0) return;
  if (item.newSchools.length === 0) return deps.store.insertChanges(tx, id, rows);
  const found = await deps.schools.addMissing(tx, item.newSchools);
  const added = new Map(found.map((school) => [dictionaryKey(school.Name), school]));
  await deps.store.insertChanges(tx, id, withSchools(rows, added));
}

/** The last step: the import becomes pending, and visible. */
async function reveal(deps: StoreDeps, tx: Db, item: ImportToStore, id: number) {
  await item.beforeReveal?.(tx);
  if (!(await deps.store.revealImport(tx, id)))
    throw new Error(`import ${id} was removed while it was stored`);
}

/** PostgreSQL: everything in one transaction. */
function storeAtOnce(deps: StoreDeps, item: ImportToStore) {
  return deps.db.transaction(async (tx) => {
    const id = await insertStoring(deps, tx, item);
    await insertWithSchools(deps, tx, item, id, item.rows);
    await reveal(deps, tx, item, id);
    return id;
  });
}

/**
 * PGlite: the files and the hidden import in one short transaction; then the rows, a step at a time, each
 * insert its own statement, with a turn of the event loop before each, so that the requests that came
 * meanwhile run; then one transaction adds the new schools with the rows that name them (usually few) and
 * makes the import pending. Any failure deletes what was written; after a crash, the next start does.
 */
async function storeInSteps(deps: StoreDeps, item: ImportToStore) {
  const [withNewSchools, others] =
    item.newSchools.length > 0
      ? partitionPacked(item.rows, (i) => item.rows.unknownSchools[i] !== null)
      : [null, item.rows];
  const id = await deps.db.transaction((tx) => insertStoring(deps, tx, item));
  try {
    for (const run of packedRuns(others, STEP_ROWS, STEP_BYTES)) {
      await nextTurn();
      await deps.store.insertChangesAsText(deps.db, id, run);
    }
    await nextTurn();
    await deps.db.transaction(async (tx) => {
      if (withNewSchools) await insertWithSchools(deps, tx, item, id, withNewSchools);
      await reveal(deps, tx, item, id);
    });
    return id;
  } catch (error) {
    await discardStoring(deps, id);
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
