import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, organizations, sessions } from '../../db/schema/index.js';
import { createLoginThrottleRepository } from './login-throttle.repository.js';

/** An account as the rest of the server sees it. */
export interface AccountRow {
  id: number;
  fullName: string;
  emailAddress: string;
  passwordHash: string | null;
  organization: { id: number; name: string } | null;
}

const accountColumns = {
  id: accounts.id,
  fullName: accounts.fullName,
  emailAddress: accounts.emailAddress,
  passwordHash: accounts.passwordHash,
  organizationId: organizations.id,
  organizationName: organizations.name,
};

type AccountJoinRow = {
  id: number;
  fullName: string;
  emailAddress: string;
  passwordHash: string | null;
  organizationId: number | null;
  organizationName: string | null;
};

function toAccount(row: AccountJoinRow): AccountRow {
  return {
    id: row.id,
    fullName: row.fullName,
    emailAddress: row.emailAddress,
    passwordHash: row.passwordHash,
    organization:
      row.organizationId !== null && row.organizationName !== null
        ? { id: row.organizationId, name: row.organizationName }
        : null,
  };
}

export function createAccountRepository(db: Db) {
  // Every API request checks its session: the query is built once, and PostgreSQL parses it once per connection.
  const liveSession = db
    .select({ ...accountColumns, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(organizations, eq(organizations.id, accounts.organizationId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder('idleSince')}::timestamptz`),
      ),
    )
    .prepare('account_live_session');

  return {
    async findByEmail(email: string): Promise<AccountRow | null> {
      const [row] = await db
        .select(accountColumns)
        .from(accounts)
        .leftJoin(organizations, eq(organizations.id, accounts.organizationId))
        .where(eq(sql`lower(${accounts.emailAddress})`, email.toLowerCase()));
      return row ? toAccount(row) : null;
    },

    async countAll(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(accounts);
      return row?.n ?? 0;
    },

    async insert(values: { fullName: string; emailAddress: string; passwordHash: string }): Promise<number> {
      const [row] = await db.insert(accounts).values(values).returning({ id: accounts.id });
      if (!row) throw new Error('account insert returned nothing');
      return row.id;
    },

    async insertSession(values: { tokenHash: string; accountId: number; expiresAt: Date }) {
      await db.insert(sessions).values(values);
    },

    /** The live session with this token hash and its account, or null when absent, idle too long or expired. */
    async findLiveSession(tokenHash: string, idleSince: Date) {
      const [row] = await liveSession.execute({ tokenHash, idleSince: idleSince.toISOString() });
      return row ? { account: toAccount(row), sessionId: row.sessionId, lastSeenAt: row.lastSeenAt } : null;
    },

    async touchSession(sessionId: number) {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },

    async deleteSession(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    ...createLoginThrottleRepository(db),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
