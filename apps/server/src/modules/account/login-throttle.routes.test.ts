import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTestApp, clientHeaders, type TestApp } from '../../test/build-test-app.js';
import { createAccount } from '../../test/factories.js';
import { loginDelayMs } from './login-throttle.js';

/*
 * Login throttling is a slow-down, never a lockout. Past its free failures an account (from any address) or an
 * address (on any account) makes each next attempt wait, the wait doubling with each failure up to a ceiling;
 * a refused attempt is not counted. A right password from an address the account has signed in from is never
 * held back by failures elsewhere or by other accounts' failures from that address. The time is a clock the
 * test moves: nothing here waits.
 */

const FREE = 3;
const FREE_PER_ADDRESS = 6;
let now = new Date('2026-03-02T09:00:00Z');
const advance = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(FREE),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(FREE_PER_ADDRESS),
      LOGIN_THROTTLE_MINUTES: '15',
      LOGIN_DELAY_SECONDS: '10',
      LOGIN_MAX_DELAY_SECONDS: '80',
      TRUST_PROXY: '1',
    },
    clock: () => now,
  });
});
afterAll(() => t.close());

const login = (Id: string, Password: string, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/account/login',
    headers: { ...clientHeaders, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { Id, Password },
    remoteAddress,
  });
const status = async (...args: Parameters<typeof login>) => (await login(...args)).statusCode;

describe('login throttling', () => {
  it('slows an account down past its free failures, from any address, each wait twice the last up to the ceiling', async () => {
    const account = await createAccount(t.database.db);
    for (let i = 1; i <= FREE; i++) expect(await status(account.email, 'wrong', `10.1.0.${i}`)).toBe(401);
    for (const wait of [10, 20, 40, 80, 80]) {
      const held = await login(account.email, account.password, '10.1.1.1');
      expect(held.statusCode).toBe(429);
      expect(held.headers['retry-after']).toBe(String(wait));
      expect(held.json().ErrorMessage).toMatch(/Слишком много неудачных попыток/);
      advance(wait - 1);
      // Refused attempts are not counted: the wait stays what it was.
      expect((await login(account.email, 'wrong', '10.1.1.2')).headers['retry-after']).toBe('1');
      advance(1);
      expect(await status(account.email, 'wrong', '10.1.1.3')).toBe(401);
    }
    advance(80);
    expect(await status(account.email, account.password, '10.1.1.4')).toBe(200);
  });

  it('lets 3 of 180 guesses from 30 addresses at one moment reach the password', async () => {
    const account = await createAccount(t.database.db);
    const statuses = await Promise.all(
      Array.from({ length: 180 }, (_, i) => status(account.email, `guess-${i}`, `10.2.${i % 30}.1`)),
    );
    expect(statuses.filter((code) => code === 401)).toHaveLength(FREE);
    expect(statuses.filter((code) => code === 429)).toHaveLength(180 - FREE);
  });

  it('lets the owner in from an address they signed in from while others guess from everywhere', async () => {
    const account = await createAccount(t.database.db);
    expect(await status(account.email, account.password, '10.3.0.1')).toBe(200);
    for (let i = 0; i < 30; i++) await login(account.email, 'wrong', `10.3.1.${i}`);
    expect(await status(account.email, account.password, '10.3.2.1')).toBe(429);
    expect(await status(account.email, account.password, '10.3.0.1')).toBe(200);
    expect(await status(account.email, account.password, '10.3.0.1')).toBe(200);
  });

  it('holds the owner back behind a shared address only for a short wait, never for the window', async () => {
    const account = await createAccount(t.database.db);
    expect(await status(account.email, account.password, '10.4.0.1')).toBe(200);
    // Someone else behind the same NAT guesses the owner's password.
    for (let i = 0; i < FREE; i++) expect(await status(account.email, 'wrong', '10.4.0.1')).toBe(401);
    const held = await login(account.email, account.password, '10.4.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('10');
    advance(10);
    expect(await status(account.email, account.password, '10.4.0.1')).toBe(200);
    // Those failures were at that address only: elsewhere the owner was never held back.
    expect(await status(account.email, account.password, '10.4.9.9')).toBe(200);
  });

  it('does not hold back, behind an address that failed on many accounts, those who signed in there before', async () => {
    const colleague = await createAccount(t.database.db);
    const newcomer = await createAccount(t.database.db);
    expect(await status(colleague.email, colleague.password, '10.5.0.1')).toBe(200);
    for (let i = 0; i < FREE_PER_ADDRESS; i++) {
      expect(await status(`guess${i}@example.org`, 'wrong', '10.5.0.1')).toBe(401);
    }
    expect(await status(colleague.email, colleague.password, '10.5.0.1')).toBe(200);
    // Someone who never signed in from there waits, a short while, not the window.
    const held = await login(newcomer.email, newcomer.password, '10.5.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('10');
    advance(10);
    expect(await status(newcomer.email, newcomer.password, '10.5.0.1')).toBe(200);
  });

  it('does not count a right password as a failure, and forgets failures after a quiet window', async () => {
    const account = await createAccount(t.database.db);
    for (let i = 0; i < FREE - 1; i++) expect(await status(account.email, 'wrong', '10.6.0.1')).toBe(401);
    for (let i = 0; i < 3; i++) expect(await status(account.email, account.password, '10.6.1.1')).toBe(200);
    expect(await status(account.email, 'wrong', '10.6.0.2')).toBe(401);
    expect(await status(account.email, account.password, '10.6.2.1')).toBe(429);
    advance(15 * 60);
    for (let i = 0; i < FREE; i++) expect(await status(account.email, 'wrong', '10.6.0.3')).toBe(401);
  });

  it('is not escaped by writing addresses into X-Forwarded-For before the one the proxy appends', async () => {
    const account = await createAccount(t.database.db);
    for (let i = 0; i < FREE; i++) {
      expect(await status(account.email, 'wrong', '10.9.0.1', `192.0.2.${i}, 203.0.113.70`)).toBe(401);
    }
    expect(await status(`other-${account.email}`, 'wrong', '10.9.0.1', '192.0.2.50, 203.0.113.70')).toBe(401);
    for (let i = 0; i < FREE_PER_ADDRESS; i++) {
      await login(`guess-more${i}@example.org`, 'wrong', '10.9.0.1', `198.51.100.${i}, 203.0.113.71`);
    }
    expect(await status('guess-last@example.org', 'wrong', '10.9.0.1', '198.51.100.99, 203.0.113.71')).toBe(
      429,
    );
  });
});

describe('login throttle settings', () => {
  it('waits 1 s after 5 failures by default, doubling up to a minute', () => {
    const { loginThrottle } = loadConfig({});
    const waits = [4, 5, 6, 7, 10, 11, 12, 100].map((failures) => loginDelayMs(failures, 5, loginThrottle));
    expect(waits).toEqual([0, 1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('stops on a wait that is not a whole number of seconds, naming the variable', () => {
    expect(() => loadConfig({ LOGIN_DELAY_SECONDS: '0' })).toThrow(/LOGIN_DELAY_SECONDS: ожидается целое/);
    expect(() => loadConfig({ LOGIN_MAX_DELAY_SECONDS: 'x' })).toThrow(/LOGIN_MAX_DELAY_SECONDS/);
  });
});
