import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { publicRequestCounts } from '../../../db/schema/index.js';
import { buildTestApp, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount } from '../../../test/factories.js';
import { createIntern, personalInfo } from '../../../test/interns.js';

/*
 * The public search and the public card answer an anonymous address at most PUBLIC_SEARCH_PER_MINUTE times a
 * minute, counted in the database (shared by every app process: plugins/limits-across-processes.test.ts).
 */

const LIMIT = 3;
let t: TestApp;
let operator: string;
let internId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_SEARCH_PER_MINUTE: String(LIMIT) } });
  const account = await createAccount(t.database.db);
  operator = (await loginAs(t.app, account.email, account.password)).cookie;
  internId = (await createIntern(t.app, operator, { PersonalInfo: [personalInfo()] })).Id;
});
afterAll(() => t.close());

const search = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/v1/interns/search?term=Смирнова', remoteAddress, headers });
const card = (remoteAddress: string) =>
  t.app.inject({ url: `/api/v1/interns/${internId}/public`, remoteAddress });

describe('limit of anonymous public calls', () => {
  it('refuses an address past the limit with 429, Retry-After and the error shape', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await search('10.20.0.1')).statusCode).toBe(200);
    const refused = await search('10.20.0.1');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      ErrorMessage: `Слишком много запросов: повторите через ${seconds} с`,
      ErrorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('counts each address on its own, and ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    for (let i = 0; i < LIMIT; i++) {
      expect((await search('10.20.1.1', { 'x-forwarded-for': `192.0.2.${i}` })).statusCode).toBe(200);
    }
    expect((await search('10.20.1.1', { 'x-forwarded-for': '192.0.2.99' })).statusCode).toBe(429);
    expect((await search('10.20.1.2')).statusCode).toBe(200);
  });

  it('limits the public card too, on its own count', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await search('10.20.2.1')).statusCode).toBe(200);
    expect((await search('10.20.2.1')).statusCode).toBe(429);
    for (let i = 0; i < LIMIT; i++) expect((await card('10.20.2.1')).statusCode).toBe(200);
    const refused = await card('10.20.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('never limits a signed-in caller, nor counts their calls against the address', async () => {
    for (let i = 0; i < LIMIT + 3; i++) {
      expect((await search('10.20.3.1', { cookie: operator })).statusCode).toBe(200);
    }
    for (let i = 0; i < LIMIT; i++) expect((await search('10.20.3.1')).statusCode).toBe(200);
    expect((await search('10.20.3.1')).statusCode).toBe(429);
    // An operator behind an address that anonymous callers used up still searches.
    expect((await search('10.20.3.1', { cookie: operator })).statusCode).toBe(200);
  });
});

describe('PUBLIC_SEARCH_PER_MINUTE', () => {
  it('is 300 by default, 0 switches the limit off, and a negative value stops the start', () => {
    expect(loadConfig({}).publicSearchPerMinute).toBe(300);
    expect(loadConfig({ PUBLIC_SEARCH_PER_MINUTE: '0' }).publicSearchPerMinute).toBe(0);
    expect(() => loadConfig({ PUBLIC_SEARCH_PER_MINUTE: '-1' })).toThrow(/PUBLIC_SEARCH_PER_MINUTE/);
  });

  it('at 0 lets an anonymous address search without limit', async () => {
    const unlimited = await buildTestApp({ env: { PUBLIC_SEARCH_PER_MINUTE: '0' } });
    try {
      for (let i = 0; i < LIMIT + 3; i++) {
        const response = await unlimited.app.inject({
          url: '/api/v1/interns/search',
          remoteAddress: '10.20.4.1',
        });
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });
});

describe('the count in the database', () => {
  it('counts whole minutes of the clock, says how long is left of one, and deletes the minutes before the last', async () => {
    let now = new Date('2026-03-02T09:00:45Z');
    const clocked = await buildTestApp({
      env: { PUBLIC_SEARCH_PER_MINUTE: String(LIMIT) },
      clock: () => now,
    });
    const searchAt = () => clocked.app.inject({ url: '/api/v1/interns/search', remoteAddress: '10.20.5.1' });
    const minutes = async () =>
      (await clocked.database.db.select().from(publicRequestCounts)).map((row) =>
        row.windowStart.toISOString(),
      );
    try {
      for (let i = 0; i < LIMIT; i++) expect((await searchAt()).statusCode).toBe(200);
      const refused = await searchAt();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('15');
      now = new Date('2026-03-02T09:01:00Z');
      expect((await searchAt()).statusCode).toBe(200);
      expect(await minutes()).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-02T09:01:00.000Z']);
      now = new Date('2026-03-02T09:02:10Z');
      expect((await searchAt()).statusCode).toBe(200);
      expect(await minutes()).toEqual(['2026-03-02T09:01:00.000Z', '2026-03-02T09:02:00.000Z']);
    } finally {
      await clocked.close();
    }
  });
});
