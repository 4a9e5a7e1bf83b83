import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  type AnyPgColumn,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { importChanges, imports } from './imports.js';
import { organizations } from './organizations.js';

/**
 * A trainee. The sections live in `intern_entries`; the columns here are what lists, filters and counts
 * read, kept in step with the entries in the same transaction as every save.
 */
export const interns = pgTable(
  'interns',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Optimistic concurrency: a save names the version it was made from. */
    version: integer().notNull().default(1),
    fullName: varchar({ length: 400 }).notNull().default(''),
    searchKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`registry_fold(${interns.fullName})`),
    /** The 11 digits of the SNILS of the first personal-info entry. */
    snils: char({ length: 11 }),
    status: smallint().notNull().default(0),
    /** How many SROs the trainee has had internships in: more than one is a transfer. */
    organizationCount: smallint().notNull().default(0),
    isDeleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interns_search_key_trgm_idx')
      .using('gin', t.searchKey.op('gin_trgm_ops'))
      .where(sql`not ${t.isDeleted}`),
    // Names containing a word after their first letter: the half of a name search that is not a range of the
    // alphabetical index (intern.repository.ts). Not partial, because the planner takes the expression's
    // statistics only from an index over every row, and without them it guesses the wrong plan.
    index('interns_search_key_tail_trgm_idx').using('gin', sql`substr(${t.searchKey}, 2) gin_trgm_ops`),
    index('interns_alphabetical_idx')
      .on(sql`${t.searchKey} collate "C"`, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('interns_status_alphabetical_idx')
      .on(t.status, sql`${t.searchKey} collate "C"`, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('interns_snils_idx').on(sql`${t.snils} collate "C"`),
    index('interns_transfer_idx')
      .on(sql`${t.searchKey} collate "C"`, t.id)
      .where(sql`not ${t.isDeleted} and ${t.organizationCount} > 1`),
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
    importId: integer().references((): AnyPgColumn => imports.id),
    /** The row of that import the changes were accepted from. */
    importChangeId: integer().references((): AnyPgColumn => importChanges.id),
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

/** One entry of one section of a trainee, in its current state. */
export const internEntries = pgTable(
  'intern_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    internId: integer()
      .notNull()
      .references(() => interns.id),
    /** The section's key in the contract: PersonalInfo, Supervisors, … */
    section: varchar({ length: 40 }).notNull(),
    /** Entry_Id: the entry's place in its section. */
    position: integer().notNull(),
    /** The entry in the contract's shape, without Id and Entry_Id, as the shared schema parsed it. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Removed from the current state by a save; its history stays. */
    isRemoved: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('intern_entries_intern_section_idx').on(t.internId, t.section, t.position)],
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

/** The internships of the current state, as columns: the SRO filter, transfers, registration numbers, statistics. */
export const internshipFacts = pgTable(
  'internship_facts',
  {
    entryId: integer()
      .primaryKey()
      .references(() => internEntries.id),
    internId: integer()
      .notNull()
      .references(() => interns.id),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    status: smallint().notNull(),
    registryNumber: varchar({ length: 50 }),
    startedAt: date({ mode: 'string' }),
    endedAt: date({ mode: 'string' }),
    pausedAt: date({ mode: 'string' }),
    resumedAt: date({ mode: 'string' }),
  },
  (t) => [
    index('internship_facts_intern_idx').on(t.internId),
    index('internship_facts_organization_idx').on(t.organizationId, t.internId),
    index('internship_facts_registry_number_idx').on(t.organizationId, t.registryNumber),
  ],
);
