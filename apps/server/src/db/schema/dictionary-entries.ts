import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Entries of the small dictionaries kept as plain values (addresses, termination reasons, …), one table for
 * all, told apart by `code` (a DictionaryCode of @registry/shared). No enum type in the database, so that a
 * new dictionary needs no schema change.
 */
export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: varchar({ length: 50 }).notNull(),
    value: varchar({ length: 500 }).notNull(),
    searchKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`registry_fold(${dictionaryEntries.value})`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dictionary_entries_code_value_key').on(t.code, sql`registry_name_key(${t.value})`),
    index('dictionary_entries_search_key_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
  ],
);
