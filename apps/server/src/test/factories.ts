import type { Db } from '../db/client.js';
import { accounts, organizations } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

let sequence = 0;
const next = () => ++sequence;

export async function createOrganization(db: Db, values: Partial<typeof organizations.$inferInsert> = {}) {
  const [row] = await db
    .insert(organizations)
    .values({ name: `СРО «Кадастровые инженеры ${next()}»`, ...values })
    .returning();
  if (!row) throw new Error('organization insert returned nothing');
  return row;
}

/** An account with a known password; an operator unless organizationId is given. */
export async function createAccount(
  db: Db,
  values: { email?: string; password?: string; fullName?: string; organizationId?: number | null } = {},
) {
  const n = next();
  const email = values.email ?? `user${n}@example.org`;
  const password = values.password ?? `password-${n}`;
  const [row] = await db
    .insert(accounts)
    .values({
      fullName: values.fullName ?? `Иванова Мария Петровна ${n}`,
      emailAddress: email,
      organizationId: values.organizationId ?? null,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!row) throw new Error('account insert returned nothing');
  return { ...row, email, password };
}
