import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';

/** People who log in: operators (no organization) and SRO representatives (with one). */
export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fullName: varchar({ length: 300 }).notNull(),
    emailAddress: varchar({ length: 200 }).notNull(),
    organizationId: integer().references(() => organizations.id),
    passwordHash: text(),
    /** When a generated password was last e-mailed, and to which address: a second request at once sends none. */
    passwordSentAt: timestamp({ withTimezone: true }),
    passwordSentTo: varchar({ length: 200 }),
    /** An operator's morning e-mail of imports near or past their deadline; each operator may turn it off. */
    morningDigest: boolean().notNull().default(true),
    /** Full name and e-mail folded for the operators' search, kept by the database itself. */
    searchKey: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`registry_fold(${accounts.fullName} || ' ' || ${accounts.emailAddress})`,
      ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_lower_key').on(sql`lower(${t.emailAddress})`),
    index('accounts_search_key_idx').using('gin', t.searchKey.op('gin_trgm_ops')),
  ],
);

/** Logged-in sessions; only a hash of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);
