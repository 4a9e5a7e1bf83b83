import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { imports } from './imports.js';

/**
 * The registry's outgoing mail, one row a letter to one account (src/mail/outbox.ts): written in the
 * transaction of what it tells, claimed by one app process at a time (`FOR UPDATE SKIP LOCKED`, then a lease
 * in `claimedUntil`), retried with a growing wait after a failure. The letter itself is written when it is
 * sent, from what the database says then.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** 'import-processed', 'import-rejected' (to the SRO's representatives) or 'deadline-digest' (to operators). */
    kind: varchar({ length: 40 }).notNull(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    importId: integer().references(() => imports.id, { onDelete: 'cascade' }),
    /**
     * The moment of what the letter tells: the import's `handledAt` for a processed import (a row returned and
     * the import processed again makes a new letter, and the old one is dropped), the working day's morning
     * for a digest.
     */
    eventAt: timestamp({ withTimezone: true }).notNull(),
    /** One letter however many processes enqueue it at once: a digest's day and operator. */
    dedupeKey: varchar({ length: 200 }).unique(),
    /** 0 waiting, 1 sent, 2 dropped (no longer true, or nothing to tell), 3 failed for good. */
    status: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The process that claimed the letter is sending it until then; past it another may. */
    claimedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_jobs_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 0`),
    index('mail_jobs_import_idx').on(t.importId),
  ],
);
