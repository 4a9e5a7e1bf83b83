import { sql, type SQL } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { importChanges, imports } from './imports.js';
import { internEntries, interns } from './interns.js';
import { organizations } from './organizations.js';

/*
 * A trainee's history: the basis documents of saves and every saved state of an entry. Apart from the
 * trainee's tables, since a basis document may come with an import, whose rows point back to trainees.
 */

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
    index('change_protocols_created_idx').on(t.createdAt, t.id),
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
  (t) => [index('intern_entry_versions_entry_idx').on(t.entryId, t.id)],
);
