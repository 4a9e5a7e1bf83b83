import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random opaque token for a session cookie (256 bits). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so that a database leak gives no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// No 0/O, 1/l/I: the password is read from an e-mail and typed by hand.
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A strong random password (16 characters, about 92 bits) that a person can type. */
export function generatePassword(length = 16): string {
  let password = '';
  for (let i = 0; i < length; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}
