import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's first recommended parameters (19 MiB, 2 passes, 1 lane).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing in particular, verified when the account does not exist so that timing tells nothing. */
export const decoyHash = hashPassword('decoy-password-that-matches-no-account');
