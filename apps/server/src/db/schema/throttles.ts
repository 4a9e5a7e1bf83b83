import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/*
 * Counts that limit how fast someone may try, kept in the database so that every app process sees the same
 * count (docs/decisions.md, «Login throttling» and «Public search limit»).
 */

/**
 * Failed logins per key: an account ('account:<email>'), an address ('address:<ip>') or an account at one of
 * its known addresses ('pair:<email>|<ip>'). Past the setting's number of failures, each further attempt waits
 * until `nextAttemptAt`, a delay that doubles with each failure; the count restarts after a quiet window.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: varchar({ length: 300 }).primaryKey(),
    failures: integer().notNull(),
    lastFailureAt: timestamp({ withTimezone: true }).notNull(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('login_throttles_last_failure_idx').on(t.lastFailureAt)],
);

/** Addresses an account has signed in from: a right password from one of them is never held back. */
export const loginAddresses = pgTable(
  'login_addresses',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    address: varchar({ length: 64 }).notNull(),
    lastLoginAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.address] })],
);

/** Anonymous public calls per route and client address in one minute (`windowStart`), PUBLIC_SEARCH_PER_MINUTE. */
export const publicRequestCounts = pgTable(
  'public_request_counts',
  {
    key: varchar({ length: 200 }).notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
