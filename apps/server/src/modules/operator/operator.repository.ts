import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, organizations, sessions } from '../../db/schema/index.js';
import { alphabetical, fetchPage, matchesTerm } from '../../lib/search.js';

export interface OperatorValues {
  fullName: string;
  emailAddress: string;
  organizationId: number | null;
  /** Left out: on for a new account, unchanged on an edit. */
  morningDigest?: boolean;
}

export interface OperatorRow {
  id: number;
  fullName: string;
  emailAddress: string;
  organization: { id: number; name: string } | null;
  morningDigest: boolean;
}

const columns = {
  id: accounts.id,
  fullName: accounts.fullName,
  emailAddress: accounts.emailAddress,
  morningDigest: accounts.morningDigest,
  organizationId: organizations.id,
  organizationName: organizations.name,
};

function toRow(row: {
  id: number;
  fullName: string;
  emailAddress: string;
  morningDigest: boolean;
  organizationId: number | null;
  organizationName: string | null;
}): OperatorRow {
  const { organizationId, organizationName, ...account } = row;
  return {
    ...account,
    organization:
      organizationId !== null && organizationName !== null
        ? { id: organizationId, name: organizationName }
        : null,
  };
}

/** Accounts as the operators' screen sees them: never their password hash. */
export function createOperatorRepository(db: Db) {
  const select = (from: Db = db) =>
    from
      .select(columns)
      .from(accounts)
      .leftJoin(organizations, eq(organizations.id, accounts.organizationId));

  return {
    /** Accounts whose full name or e-mail contains every word of the term. */
    search(term: string | undefined, page: number) {
      const where = matchesTerm(accounts.searchKey, term);
      return fetchPage(page, {
        count: () => db.$count(accounts, where),
        rows: async (limit, offset) =>
          (
            await select()
              .where(where)
              .orderBy(asc(alphabetical(accounts.searchKey)), asc(accounts.id))
              .limit(limit)
              .offset(offset)
          ).map(toRow),
      });
    },

    async findById(id: number, tx: Db = db): Promise<OperatorRow | null> {
      const [row] = await select(tx).where(eq(accounts.id, id));
      return row ? toRow(row) : null;
    },

    async organizationExists(id: number): Promise<boolean> {
      return (await db.$count(organizations, eq(organizations.id, id))) > 0;
    },

    async insert(values: OperatorValues, tx: Db = db): Promise<number> {
      const [row] = await tx.insert(accounts).values(values).returning({ id: accounts.id });
      if (!row) throw new Error('account insert returned nothing');
      return row.id;
    },

    async update(id: number, values: OperatorValues, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(accounts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(accounts.id, id))
        .returning({ id: accounts.id });
      return rows.length > 0;
    },

    /**
     * Locks the account for the rest of the transaction and reads when a password was last sent, and where:
     * of two requests for a new password at once, the second waits here.
     */
    async lockForPassword(tx: Db, id: number) {
      const [row] = await tx
        .select({ sentAt: accounts.passwordSentAt, sentTo: accounts.passwordSentTo })
        .from(accounts)
        .where(eq(accounts.id, id))
        .for('update');
      return row ?? null;
    },

    /** Sets a new password hash, records that it was sent, and ends every session of the account. */
    async replacePassword(tx: Db, id: number, passwordHash: string, sentTo: string) {
      await tx
        .update(accounts)
        .set({ passwordHash, passwordSentAt: sql`now()`, passwordSentTo: sentTo, updatedAt: sql`now()` })
        .where(eq(accounts.id, id));
      await tx.delete(sessions).where(eq(sessions.accountId, id));
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
