import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Counts the menu shows on every page, kept exact by triggers on the counted tables (migration
 * 0017_registry-counters), so that reading one costs one row whatever the register's size. Whatever writes
 * those tables, the app, the demo seed or a bulk load in plain SQL, moves the counter in the same transaction.
 */
export const registryCounters = pgTable('registry_counters', {
  /** One of `counterKeys`. */
  key: text().primaryKey(),
  value: bigint({ mode: 'number' }).notNull().default(0),
});

/** The kept counts: trainees not deleted; imports waiting for an operator (pending or being processed). */
export const counterKeys = { interns: 'interns', waitingImports: 'waiting_imports' } as const;
