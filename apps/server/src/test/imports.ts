import { createHash } from 'node:crypto';
import { snilsDigits } from '@registry/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { importChanges, imports, storedFileParts, storedFiles } from '../db/schema/index.js';

async function storeFile(db: Db, name: string, content: Buffer, extension: string, contentType: string) {
  const [row] = await db
    .insert(storedFiles)
    .values({
      name,
      size: content.length,
      nominalExtension: extension,
      extension,
      contentType,
      sha256: createHash('sha256').update(content).digest('hex'),
    })
    .returning({ id: storedFiles.id });
  await db.insert(storedFileParts).values({ fileId: row!.id, part: 0, content });
  return row!.id;
}

export const samplePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * An import stored as an upload would store it, without going through the change-file reader: for the
 * tests of listing, viewing, editing and rejecting imports.
 */
export async function createStoredImport(
  db: Db,
  values: {
    organizationId: number;
    importedById: number;
    rows?: { fullName: string; snils: string | null; status?: number }[];
    status?: number;
    importedAt?: Date;
    deadlineAt?: Date;
    withDocuments?: boolean;
  },
) {
  const rows = values.rows ?? [{ fullName: 'Иванов Иван Иванович', snils: '112-233-445 95' }];
  const fileId = await storeFile(
    db,
    'изменения.xlsx',
    Buffer.from('PK\u0003\u0004 workbook'),
    'xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const protocolFileId = values.withDocuments
    ? await storeFile(db, 'протокол.pdf', samplePdf, 'pdf', 'application/pdf')
    : null;
  const letterFileId = values.withDocuments
    ? await storeFile(db, 'письмо.pdf', samplePdf, 'pdf', 'application/pdf')
    : null;
  const importedAt = values.importedAt ?? new Date();
  const [row] = await db
    .insert(imports)
    .values({
      organizationId: values.organizationId,
      importedById: values.importedById,
      importedAt,
      deadlineAt: values.deadlineAt ?? new Date(importedAt.getTime() + 14 * 86_400_000),
      status: values.status ?? 0,
      fileId,
      protocolFileId,
      letterFileId,
      organizationNumber: 'Исх-15',
      organizationDate: '2026-11-20',
      rowCount: rows.length,
      pendingCount: rows.filter((r) => (r.status ?? 0) === 0).length,
      rejectedCount: rows.filter((r) => r.status === 2).length,
    })
    .returning({ id: imports.id });
  const importId = row!.id;
  const changes = await db
    .insert(importChanges)
    .values(
      rows.map((r, index) => ({
        importId,
        rowNumber: index + 2,
        status: r.status ?? 0,
        fullName: r.fullName,
        snils: r.snils,
        // The match keys an upload works out (imports-store.repository.ts); the data has no birth date or number.
        matchSnils: r.snils ? snilsDigits(r.snils) : null,
        matchNameKey: sql`registry_fold(${r.fullName})`,
        data: {},
        raw: [],
        rejectionReason: r.status === 2 ? 'Не указан СНИЛС' : null,
      })),
    )
    .returning({ id: importChanges.id });
  return {
    id: importId,
    fileId,
    protocolFileId,
    letterFileId,
    changeIds: changes.map((change) => change.id),
  };
}
