import { createHash } from 'node:crypto';
import path from 'node:path';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { imports, storedFiles } from '../../../db/schema/index.js';
import { isStored } from '../imports.repository.js';

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

export function createFileStore(db: Db) {
  return {
    async store(tx: Db, file: NewFile): Promise<number> {
      const [row] = await tx
        .insert(storedFiles)
        .values({
          name: safeFileName(file.name),
          size: file.content.length,
          nominalExtension: nominalExtension(file.name).slice(0, 20),
          extension: file.extension,
          contentType: file.contentType,
          sha256: createHash('sha256').update(file.content).digest('hex'),
          // As base64 text: PGlite encodes a bytea parameter ten times slower, blocking the app's thread for
          // seconds on a 1 MB file, and node-postgres would send it as hex, half again as long.
          content: sql`decode(${file.content.toString('base64')}, 'base64')`,
        })
        .returning({ id: storedFiles.id });
      return row!.id;
    },

    async info(ids: number[]): Promise<Map<number, FileInfo>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select(fileColumns)
        .from(storedFiles)
        .where(sql`${storedFiles.id} in ${ids}`);
      return new Map(rows.map((row) => [row.id, row]));
    },

    async content(id: number) {
      // Read back as base64 for the reason it is written so: PGlite decodes a bytea result as slowly.
      const [row] = await db
        .select({ ...fileColumns, base64: sql<string>`encode(${storedFiles.content}, 'base64')` })
        .from(storedFiles)
        .where(eq(storedFiles.id, id));
      if (!row) return null;
      const { base64, ...info } = row;
      return { ...info, content: Buffer.from(base64, 'base64') };
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
