import { ImportStatus, snilsDigits } from '@registry/shared';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { importChanges, imports, storedFiles } from '../../../db/schema/index.js';
import { insertBatches, packedTexts, type PackedRows } from '../rows/change-file-packing.js';

/**
 * The status of an import still being stored: on PGlite its rows are stored in steps (imports-store.ts), and
 * no list, detail, file, counter, statistic or review shows it until the last step makes it pending. The
 * counters' trigger counts only statuses 0 and 1, so it counts the import when it is made pending.
 */
export const storingStatus = -1;
/** The imports that are stored whole: every reader's condition. */
export const isStored = ne(imports.status, storingStatus);

/** Rows per insert statement: a batch of 2,000 rows carries ~5 MB. */
const INSERT_BATCH = 2000;

const insertedColumns = sql.raw(
  'import_id, row_number, full_name, snils, data, raw, notices, match_snils, match_birth_date, ' +
    'match_number_key, match_name_key',
);

/**
 * A row's match keys (`matchSnils` and the rest, schema/imports.ts) from the columns of `r`, worked out as the
 * register works out its own: the SNILS's digits (`snilsKeys`), the birth date, and the internship number's
 * and the name's keys by the register's SQL functions.
 */
const matchKeys = sql`r.snils_key, r.birth_date, registry_number_key(r.registry_number), registry_fold(r.full_name)`;

/** Each row's SNILS as the register's `interns.snils` holds it (`snilsOf`, intern-rules.ts). */
const snilsKeys = (rows: Pick<PackedRows, 'snils'>) =>
  rows.snils.map((snils) => (snils ? snilsDigits(snils) : null));

/** What an import learns once its file is read: it is stored before, with its rows. */
type ReadColumns = Pick<typeof imports.$inferInsert, 'headers' | 'notices' | 'rowCount' | 'pendingCount'>;

/**
 * Stores an import's rows as the reader's worker packed them: per batch, the light columns as arrays and
 * the rows' JSON as slices of one byte buffer, so that neither side builds or parses thousands of
 * parameters or one huge JSON document.
 */
async function insertChanges(tx: Db, importId: number, rows: PackedRows) {
  const slice = (from: SQL, to: SQL) =>
    sql`convert_from(substring(b.payload from ${from} for ${to} - ${from}), 'UTF8')`;
  for (const batch of insertBatches(rows, INSERT_BATCH)) {
    await tx.execute(sql`
      insert into ${importChanges} (${insertedColumns})
      select ${importId}, r.row_number, r.full_name, r.snils,
        ${slice(sql`r.data_start`, sql`r.raw_start`)}, ${slice(sql`r.raw_start`, sql`r.raw_end`)},
        r.notices::json, ${matchKeys}
      from (select ${sql.param(batch.payload)}::bytea as payload) b,
        unnest(${sql.param(batch.rowNumbers)}::int[], ${sql.param(batch.fullNames)}::text[],
          ${sql.param(batch.snils)}::text[], ${sql.param(batch.dataStarts)}::int[],
          ${sql.param(batch.rawStarts)}::int[], ${sql.param(batch.rawEnds)}::int[],
          ${sql.param(batch.notices)}::text[], ${sql.param(snilsKeys(batch))}::text[],
          ${sql.param(batch.birthDates)}::text[], ${sql.param(batch.registryNumbers)}::text[])
        as r(row_number, full_name, snils, data_start, raw_start, raw_end, notices, snils_key, birth_date,
          registry_number)`);
  }
}

/**
 * The same insert for PGlite, each value its own text parameter: PGlite encodes a `bytea` parameter
 * several times slower than text, and a text array's every quote escaped and parsed back again, which
 * made binding take more than half of the insert (docs/benchmarks.md, «Change files and uploads»). One
 * statement; a step has few rows (imports-store.ts).
 */
async function insertChangesAsText(tx: Db, importId: number, rows: PackedRows) {
  const { data, raw } = packedTexts(rows);
  const keys = snilsKeys(rows);
  const values = rows.rowNumbers.map(
    (rowNumber, i) =>
      sql`(${rowNumber}::int, ${rows.fullNames[i]}, ${rows.snils[i]}, ${data[i]}, ${raw[i]},
        ${JSON.stringify(rows.notices[i])}, ${keys[i]}, ${rows.birthDates[i]}, ${rows.registryNumbers[i]})`,
  );
  await tx.execute(sql`
    insert into ${importChanges} (${insertedColumns})
    select ${importId}, r.row_number, r.full_name, r.snils, r.data, r.raw, r.notices::json,
      ${matchKeys}
    from (values ${sql.join(values, sql`, `)})
      as r(row_number, full_name, snils, data, raw, notices, snils_key, birth_date, registry_number)`);
}

/** What storing an upload writes (imports-store.ts): the import, its rows, the step that shows it, the undoing. */
export function createImportsStoreRepository() {
  return {
    async insertImport(tx: Db, values: typeof imports.$inferInsert): Promise<number> {
      const [row] = await tx.insert(imports).values(values).returning({ id: imports.id });
      return row!.id;
    },

    insertChanges,
    insertChangesAsText,

    /** The last step of storing an upload: the import becomes pending; false when it was not being stored. */
    async revealImport(tx: Db, id: number, read: ReadColumns): Promise<boolean> {
      const updated = await tx
        .update(imports)
        .set({ ...read, status: ImportStatus.Pending })
        .where(and(eq(imports.id, id), eq(imports.status, storingStatus)))
        .returning({ id: imports.id });
      return updated.length > 0;
    },

    /**
     * Deletes an import still being stored (or, with a null id, every one: after a crash), with its rows and
     * its files; answers how many imports it deleted.
     */
    async discardStoring(tx: Db, id: number | null): Promise<number> {
      const which = and(eq(imports.status, storingStatus), id === null ? undefined : eq(imports.id, id));
      await tx
        .delete(importChanges)
        .where(inArray(importChanges.importId, tx.select({ id: imports.id }).from(imports).where(which)));
      const deleted = await tx
        .delete(imports)
        .where(which)
        .returning({
          files: sql<
            (number | null)[]
          >`array[${imports.fileId}, ${imports.protocolFileId}, ${imports.protocolSignatureFileId}, ${imports.letterFileId}, ${imports.letterSignatureFileId}]`,
        });
      const fileIds = deleted.flatMap((row) => row.files.filter((fileId) => fileId !== null));
      if (fileIds.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds));
      return deleted.length;
    },
  };
}

export type ImportsStoreRepository = ReturnType<typeof createImportsStoreRepository>;
