import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { importChanges, imports } from './imports.js';
import { internEntries, interns } from './interns.js';
import { organizations } from './organizations.js';

/*
 * A trainee's history: the basis documents of saves and every saved state of an entry. Apart from the
 * trainee's tables, since a basis document may come with an import, whose rows point back to trainees.
 */

/**
 * A basis document as the '/documents' screen shows it: the requisites (and SRO and import) under which one or
 * more saves were made, for one trainee or many. Kept up to date by the save that writes a protocol under it,
 * so that the screen pages over documents by an index instead of grouping every protocol.
 */
export const basisDocuments = pgTable(
  'basis_documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    number: varchar({ length: 100 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    outgoingNumber: varchar({ length: 100 }),
    outgoingDate: date({ mode: 'string' }),
    importId: integer().references((): AnyPgColumn => imports.id),
    organizationId: integer().references(() => organizations.id),
    searchKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`registry_fold(${basisDocuments.number})`),
    /** The trainees changed under it, each counted once. */
    internCount: integer().notNull().default(0),
    lastChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An absent outgoing number, import or SRO is the same document as another absent one.
    unique('basis_documents_key')
      .on(t.number, t.date, t.outgoingNumber, t.outgoingDate, t.importId, t.organizationId)
      .nullsNotDistinct(),
    // Read backwards for the latest dated first.
    index('basis_documents_date_idx').on(t.date, t.id),
    index('basis_documents_organization_idx').on(t.organizationId, t.date, t.id),
    index('basis_documents_search_key_trgm_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
  ],
);

/** The basis document of a save: under it one or more entries were created, changed or corrected. */
export const changeProtocols = pgTable(
  'change_protocols',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    internId: integer()
      .notNull()
      .references(() => interns.id),
    /** The import the changes came from; null for a manual entry. */
    importId: integer().references(() => imports.id),
    /** The row of that import the changes were accepted from. */
    importChangeId: integer().references(() => importChanges.id),
    /** The SRO of that import, kept here so that the documents search needs no join through imports. */
    organizationId: integer().references(() => organizations.id),
    /** The basis document the '/documents' screen groups this protocol under. */
    documentId: integer().references(() => basisDocuments.id),
    number: varchar({ length: 100 }).notNull(),
    date: date({ mode: 'string' }).notNull(),
    outgoingNumber: varchar({ length: 100 }),
    outgoingDate: date({ mode: 'string' }),
    isCorrection: boolean().notNull().default(false),
    operatorId: integer().references(() => accounts.id),
    /** Section keys the save changed, for the documents search. */
    modifiedSections: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`registry_fold(${changeProtocols.number})`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('change_protocols_intern_idx').on(t.internId),
    index('change_protocols_organization_idx').on(t.organizationId),
    index('change_protocols_search_key_trgm_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
    // Read backwards for the newest first; with the document, which the documents search filters on, so
    // that it reads no protocol's row (archive/documents.repository.ts).
    index('change_protocols_created_idx').on(t.createdAt, t.id, t.documentId),
    index('change_protocols_document_idx').on(t.documentId, t.internId),
  ],
);

/** Every saved state of an entry: its history. */
export const internEntryVersions = pgTable(
  'intern_entry_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer()
      .notNull()
      .references(() => internEntries.id),
    /** initial ('Первичное внесение'), change ('Изменение'), correction, removal. */
    kind: varchar({ length: 20 }).notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    previousData: jsonb().$type<Record<string, unknown>>(),
    protocolId: integer()
      .notNull()
      .references(() => changeProtocols.id),
    operatorId: integer().references(() => accounts.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('intern_entry_versions_entry_idx').on(t.entryId, t.id),
    // The changes made on one basis document ('/documents').
    index('intern_entry_versions_protocol_idx').on(t.protocolId),
  ],
);
