import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
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
    // Terms of one or two letters, which the trigram indexes cannot serve (registry_grams, migration 0013).
    // Not partial, so that the planner has the letters' statistics (see the tail index below).
    index('interns_search_key_grams_idx').using('gin', sql`registry_grams(${t.searchKey})`),
    index('interns_alphabetical_idx')
      .on(sql`${t.searchKey} collate "C"`, t.id)
      .where(sql`not ${t.isDeleted}`),
    index('interns_status_alphabetical_idx')
      .on(t.status, sql`${t.searchKey} collate "C"`, t.id)
      .where(sql`not ${t.isDeleted}`),
    // The operator's 'Удалённые' list: few rows, in list order.
    index('interns_deleted_alphabetical_idx')
      .on(sql`${t.searchKey} collate "C"`, t.id)
      .where(sql`${t.isDeleted}`),
    index('interns_snils_idx').on(sql`${t.snils} collate "C"`),
    // One SNILS, one trainee: of two saves (or two app processes) giving one SNILS to two trainees, the second
    // fails here, inside its transaction (intern-register-keys.ts turns that into a 409 naming the holder).
    uniqueIndex('interns_snils_key')
      .on(t.snils)
      .where(sql`not ${t.isDeleted} and ${t.snils} is not null`),
    index('interns_transfer_idx')
      .on(sql`${t.searchKey} collate "C"`, t.id)
      .where(sql`not ${t.isDeleted} and ${t.organizationCount} > 1`),
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
    // Statistics count internships begun and ended in a period, by SRO.
    index('internship_facts_started_idx').on(t.startedAt, t.organizationId, t.internId),
    index('internship_facts_ended_idx').on(t.endedAt, t.status, t.organizationId, t.internId),
  ],
);

/** Every pause of the internships of the current state (the facts keep only the latest): for statistics. */
export const internshipPauses = pgTable(
  'internship_pauses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer()
      .notNull()
      .references(() => internEntries.id),
    internId: integer()
      .notNull()
      .references(() => interns.id),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    pausedAt: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    index('internship_pauses_intern_idx').on(t.internId),
    index('internship_pauses_date_idx').on(t.pausedAt, t.organizationId, t.internId),
  ],
);

/**
 * Who holds each internship number of an SRO: the number is unique within its SRO
 * (docs/register-rules.md#an-internship-number-once-within-its-sro), so the key is (SRO, number as
 * registry_number_key folds it), held by one trainee that is not deleted. Written from `internship_facts`
 * with every save, cleared on delete and taken again on restore, in the same transaction; a trainee may name
 * one number in two of its own entries.
 */
export const internshipNumbers = pgTable(
  'internship_numbers',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    /** registry_number_key(registry_number): spaces dropped, case and ё/е folded. */
    numberKey: text().notNull(),
    internId: integer()
      .notNull()
      .references(() => interns.id),
  },
  (t) => [
    primaryKey({ name: 'internship_numbers_key', columns: [t.organizationId, t.numberKey] }),
    index('internship_numbers_intern_idx').on(t.internId),
  ],
);
