import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Schools where trainees studied, a dictionary the imports also fill. */
export const schools = pgTable(
  'schools',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 500 }).notNull(),
    searchKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`registry_fold(${schools.name})`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One school, however its name is spelt: case, spacing, quotes and ё/е do not make another one.
    uniqueIndex('schools_name_key').on(sql`registry_name_key(${t.name})`),
    index('schools_search_key_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
  ],
);
