import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Self-regulatory organizations of cadastral engineers (SRO). */
export const organizations = pgTable(
  'organizations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 500 }).notNull(),
    formerName: varchar({ length: 500 }),
    emailAddress: varchar({ length: 200 }),
    // Null only for SROs entered before the number was kept; the API requires it for new ones.
    registryNumber: varchar({ length: 3 }),
    /** Name, former name and number folded for search, kept by the database itself. */
    searchKey: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`registry_fold(${organizations.name} || ' ' || coalesce(${organizations.formerName}, '') || ' ' || coalesce(${organizations.registryNumber}, ''))`,
      ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organizations_registry_number_key').on(t.registryNumber),
    index('organizations_search_key_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
  ],
);
