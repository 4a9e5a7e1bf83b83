import { bigint, index, integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit journal (docs/decisions.md, «Audit journal»): who looked at, exported and changed personal data.
 * Written in the transaction of the action where it has one, never changed: a trigger refuses UPDATE, DELETE
 * and TRUNCATE but for the retention purge (migration `audit-events-append-only`). No foreign keys: an entry
 * keeps what it says whatever becomes of the account, SRO or record it names, and it copies the account's name
 * and login as they were.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Milliseconds, as JavaScript keeps time: the list's cursor names an event exactly.
    at: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The account that acted (or, at a failed sign-in, the account of the login typed); null for none. */
    accountId: integer(),
    accountName: varchar({ length: 300 }),
    accountLogin: varchar({ length: 200 }),
    /** `AuditRole`: the account's role then. */
    role: smallint(),
    /** The SRO the action concerns, where it concerns one. */
    organizationId: integer(),
    /** `AuditAction`. */
    action: smallint().notNull(),
    /** `AuditObjectKind` and its id. */
    objectKind: varchar({ length: 20 }),
    objectId: integer(),
    address: varchar({ length: 64 }),
    /** `AuditDetail`: a few ids and names, never the personal data itself. */
    detail: jsonb().notNull().default({}),
  },
  (t) => [
    // The list reads newest first from whichever of these its filter names, by (at, id) from the cursor.
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_account_idx').on(t.accountId, t.at, t.id),
    index('audit_events_action_idx').on(t.action, t.at, t.id),
    index('audit_events_organization_idx').on(t.organizationId, t.at, t.id),
  ],
);
