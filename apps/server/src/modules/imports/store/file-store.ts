import { createHash } from 'node:crypto';
import path from 'node:path';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { imports, storedFileParts, storedFiles } from '../../../db/schema/index.js';
import { isStored } from './imports-store.repository.js';

export interface NewFile {
  name: string;
  content: Buffer;
  /** What the content is, as detected: 'xlsx', 'xls', 'pdf', 'sig'. */
  extension: string;
  contentType: string;
}

const fileColumns = {
  id: storedFiles.id,
  name: storedFiles.name,
  size: storedFiles.size,
  nominalExtension: storedFiles.nominalExtension,
  extension: storedFiles.extension,
  contentType: storedFiles.contentType,
};
export type FileInfo = {
  id: number;
  name: string;
  size: number;
  nominalExtension: string;
  extension: string;
  contentType: string;
};

/** The extension a file name claims, lower case without the dot ('' when it has none). */
export function nominalExtension(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

/** A file name safe to store and to send back: no path, no control characters, at most 255 characters. */
export function safeFileName(name: string): string {
  const base = path
    .basename(name.replaceAll('\\', '/'))
    .replace(/\p{Cc}/gu, '')
    .trim();
  return (base || 'file').slice(-255);
}

/**
 * The name a file is sent back under: its own, with the extension of what it is, so that a browser or a
 * desktop opens it as that ('протокол.html' holding a PDF leaves as 'протокол.pdf').
 */
export function servedName(name: string, extension: string): string {
  if (nominalExtension(name) === extension) return name;
  const base = name.slice(0, name.length - path.extname(name).length) || 'file';
  return `${base}.${extension}`;
}

/** The size of a file's parts (stored_file_parts): one statement each. */
const PART_BYTES = 256 * 1024;

/**
 * The file's row, without its content: `writeParts` writes that. Apart, so that PGlite can write the parts a
 * statement at a time outside the transaction that makes the row (imports-store.ts).
 */
async function createFile(tx: Db, file: NewFile): Promise<number> {
  const [row] = await tx
    .insert(storedFiles)
    .values({
      name: safeFileName(file.name),
      size: file.content.length,
      nominalExtension: nominalExtension(file.name).slice(0, 20),
      extension: file.extension,
      contentType: file.contentType,
      sha256: createHash('sha256').update(file.content).digest('hex'),
    })
    .returning({ id: storedFiles.id });
  return row!.id;
}

/** The file's content, a part a statement; `beforeEach` runs before each (PGlite gives the loop a turn). */
async function writeParts(tx: Db, fileId: number, content: Buffer, beforeEach?: () => Promise<unknown>) {
  const parts = Math.max(1, Math.ceil(content.length / PART_BYTES));
  for (let part = 0; part < parts; part++) {
    await beforeEach?.();
    const bytes = content.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
    // As base64 text: PGlite encodes a bytea parameter ten times slower, blocking the app's thread for
    // seconds on a 1 MB file, and node-postgres would send it as hex, half again as long.
    await tx
      .insert(storedFileParts)
      .values({ fileId, part, content: sql`decode(${bytes.toString('base64')}, 'base64')` });
  }
}

/** A file's content, a part a statement, as `writeParts` wrote it. */
async function readParts(db: Db, fileId: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let part = 0; ; part++) {
    // Read back as base64 for the reason it is written so: PGlite decodes a bytea result as slowly.
    const [row] = await db
      .select({ base64: sql<string>`encode(${storedFileParts.content}, 'base64')` })
      .from(storedFileParts)
      .where(and(eq(storedFileParts.fileId, fileId), eq(storedFileParts.part, part)));
    if (!row) return Buffer.concat(parts);
    parts.push(Buffer.from(row.base64, 'base64'));
  }
}

export function createFileStore(db: Db) {
  async function info(ids: number[]): Promise<Map<number, FileInfo>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select(fileColumns)
      .from(storedFiles)
      .where(sql`${storedFiles.id} in ${ids}`);
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    create: createFile,
    writeParts,

    /** A file whole, row and content, in `tx`. */
    async store(tx: Db, file: NewFile): Promise<number> {
      const id = await createFile(tx, file);
      await writeParts(tx, id, file.content);
      return id;
    },

    info,

    /** A file with its content. */
    async content(id: number) {
      const found = (await info([id])).get(id);
      if (!found) return null;
      return { ...found, content: await readParts(db, id) };
    },

    /** The import a file belongs to (as its Excel file, a document, a signature or its rejection file). */
    async ownerImport(fileId: number) {
      const [row] = await db
        .select({
          id: imports.id,
          organizationId: imports.organizationId,
          rejectionFileId: imports.rejectionFileId,
        })
        .from(imports)
        .where(
          and(
            isStored,
            or(
              eq(imports.fileId, fileId),
              eq(imports.protocolFileId, fileId),
              eq(imports.protocolSignatureFileId, fileId),
              eq(imports.letterFileId, fileId),
              eq(imports.letterSignatureFileId, fileId),
              eq(imports.rejectionFileId, fileId),
            ),
          ),
        );
      return row ?? null;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
