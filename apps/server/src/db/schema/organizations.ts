import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Self-regulatory organizations of cadastral engineers (SRO). */
export const organizations = pgTable('organizations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: 500 }).notNull(),
  formerName: varchar({ length: 500 }),
  emailAddress: varchar({ length: 200 }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
