import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { interns } from './interns.js';
import { organizations } from './organizations.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * JSON kept as text. The app writes it with JSON.stringify, so it is valid by construction; the `json` type
 * would parse every value again only to check it, which is a fifth of the cost of storing an upload's rows.
 * `data::json` reads it as JSON in SQL.
 */
function jsonText<T>() {
  return customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => JSON.parse(value) as T,
  })();
}

/**
 * Uploaded and generated files, kept in the database so that an app server holds no state of its own.
 * Their content is in `stored_file_parts`, read only when the file itself is asked for.
 */
export const storedFiles = pgTable('stored_files', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 255 }).notNull(),
  size: integer().notNull(),
  /** The extension the name claims ('xls'); `extension` is what the content turned out to be. */
  nominalExtension: varchar({ length: 20 }).notNull(),
  extension: varchar({ length: 20 }).notNull(),
  contentType: varchar({ length: 100 }).notNull(),
  sha256: varchar({ length: 64 }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A stored file's bytes in parts of at most 256 KB, in order, each written by its own statement: on PGlite a
 * statement blocks the server's thread, and a 10 MB scan of a protocol in one would hold every request for
 * seconds (file-store.ts).
 */
export const storedFileParts = pgTable(
  'stored_file_parts',
  {
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    part: integer().notNull(),
    content: bytea().notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.part] })],
);

/** One uploaded change file of an SRO with its documents; its rows are `import_changes`. */
export const imports = pgTable(
  'imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    importedById: integer()
      .notNull()
      .references(() => accounts.id),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last moment for an operator to enter the changes. */
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    /** 0 pending, 1 being processed, 2 processed, 3 rejected; -1 still being stored, shown nowhere. */
    status: smallint().notNull().default(0),
    importSchools: boolean().notNull().default(false),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id),
    protocolFileId: integer().references(() => storedFiles.id),
    protocolSignatureFileId: integer().references(() => storedFiles.id),
    letterFileId: integer().references(() => storedFiles.id),
    letterSignatureFileId: integer().references(() => storedFiles.id),
    /** Incoming requisites: how the registry registered the letter. */
    number: varchar({ length: 100 }),
    date: date({ mode: 'string' }),
    /** Outgoing requisites: the SRO's own number and date of the letter. */
    organizationNumber: varchar({ length: 100 }),
    organizationDate: date({ mode: 'string' }),
    rowCount: integer().notNull(),
    pendingCount: integer().notNull(),
    rejectedCount: integer().notNull().default(0),
    /** Rows that said what the register holds (ChangeStatus.Unchanged): neither waiting nor accepted. */
    unchangedCount: integer().notNull().default(0),
    /** What the reader noticed without refusing the file: unknown headers, unknown schools. */
    notices: jsonb()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The headers of the file's filled cells, once; each row keeps its cells' texts in this order. */
    headers: json()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::json`),
    rejectionReason: text(),
    rejectionFileId: integer().references(() => storedFiles.id),
    rejectedAt: timestamp({ withTimezone: true }),
    /** When the last row was handled (the import became processed), for the reviewers' statistics. */
    handledAt: timestamp({ withTimezone: true }),
    rejectedById: integer().references(() => accounts.id),
    /**
     * SHA-256 of the change file's bytes (hex), to find the same file uploaded again for the SRO; null for
     * imports stored before it was kept.
     */
    fileHash: varchar({ length: 64 }),
    /**
     * When the pre-filled change file the import came back as was downloaded, by its signed keys; null for an
     * ordinary file, or one whose keys did not verify. Each row's `exportedVersion` is read against it.
     */
    exportedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('imports_status_time_idx').on(t.status, t.importedAt, t.id),
    index('imports_time_idx').on(t.importedAt, t.id),
    index('imports_organization_time_idx').on(t.organizationId, t.importedAt, t.id),
    index('imports_organization_file_hash_idx').on(t.organizationId, t.fileHash),
  ],
);

/** A row of an import: a trainee's data as the SRO reported it, waiting for an operator. */
export const importChanges = pgTable(
  'import_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    importId: integer()
      .notNull()
      .references(() => imports.id),
    /** The spreadsheet's own row number. */
    rowNumber: integer().notNull(),
    /** 0 pending, 1 finished, 2 rejected, 3 unchanged (ChangeStatus). */
    status: smallint().notNull().default(0),
    fullName: varchar({ length: 400 }).notNull(),
    snils: varchar({ length: 14 }),
    // The row's payload is written once and read whole, never searched inside (see jsonText).
    /** The four sections as the shared schemas shape them: PersonalInfo, Supervisors, Internship, InternshipSteps. */
    data: jsonText<Record<string, unknown>>().notNull(),
    /** The cells as they were written, in the order of the import's `headers` (null for an empty cell). */
    raw: jsonText<(string | null)[]>().notNull(),
    notices: json()
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::json`),
    /*
     * What a waiting row is matched to the register by (`pendingMatch` in imports.repository.ts), worked out
     * once as the row is stored, so that an import's counts never parse thousands of rows' JSON: the SNILS's
     * 11 digits, the birth date (`yyyy-MM-dd`), the internship number's key and the name's search key, each
     * as the register's own columns hold it.
     */
    matchSnils: char({ length: 11 }),
    matchBirthDate: text(),
    matchNumberKey: text(),
    matchNameKey: text(),
    rejectionReason: text(),
    internId: integer().references(() => interns.id),
    processedById: integer().references(() => accounts.id),
    processedAt: timestamp({ withTimezone: true }),
    /**
     * The operator working on the pending row, until `claimedUntil` (review-claims.ts): kept here rather than
     * in a process, so that two operators on two app processes are given different rows.
     */
    claimedById: integer().references(() => accounts.id),
    claimedUntil: timestamp({ withTimezone: true }),
    /**
     * The trainee's `interns.version` when the pre-filled file was downloaded (its signed keys): the review
     * compares each cell with the register as it was then, not only as it is now (docs/row-review.md).
     */
    exportedVersion: integer(),
    /**
     * The file and the register both changed a cell since the download, as the import was revealed: the row
     * is «Конфликт» until an operator handles it (not the internship number another trainee holds).
     */
    isEditedOnBothSides: boolean().notNull().default(false),
  },
  (t) => [
    index('import_changes_import_idx').on(t.importId, t.status, t.rowNumber),
    index('import_changes_pending_snils_idx')
      .on(t.snils)
      .where(sql`${t.status} = 0`),
    /*
     * An operator holds at most one row of an import (review-claims.repository.ts). A claim that has run out
     * still counts until it is taken or released: `now()` cannot decide an index.
     */
    uniqueIndex('import_changes_one_claim_idx')
      .on(t.importId, t.claimedById)
      .where(sql`${t.claimedById} is not null`),
  ],
);
