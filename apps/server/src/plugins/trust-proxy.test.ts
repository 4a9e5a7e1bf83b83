import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

/*
 * TRUST_PROXY says which proxies may name the client in X-Forwarded-For. A proxy such as nginx with
 * `proxy_add_x_forwarded_for` appends the address it saw to whatever the client sent, so only the entries the
 * trusted proxies appended are believed: a client writing addresses of its own changes nothing.
 */

const LIMIT = 3;

/** The app with a route that answers the address it sees. */
async function appBehind(trustProxy: string | undefined): Promise<TestApp> {
  return buildTestApp({
    env: { PUBLIC_SEARCH_PER_MINUTE: String(LIMIT), ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) },
    extend(app) {
      app.get('/api/v1/test/address', { config: { access: 'anyone' } }, async (request) => ({
        ip: request.ip,
      }));
    },
  });
}

const seen = async (t: TestApp, remoteAddress: string, forwardedFor?: string) => {
  const response = await t.app.inject({
    url: '/api/v1/test/address',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return (response.json() as { ip: string }).ip;
};

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appBehind('1');
  });
  afterAll(() => t.close());

  it('takes the address the proxy appended, not what the client wrote before it', async () => {
    expect(await seen(t, '10.9.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(await seen(t, '10.9.0.1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seen(t, '10.9.0.1', '1.1.1.1, 2.2.2.2, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seen(t, '10.9.0.1')).toBe('10.9.0.1');
  });

  it('keeps the public limit on the client when it rotates a forged first hop', async () => {
    const search = (forged: string) =>
      t.app.inject({
        url: '/api/v1/interns/search',
        remoteAddress: '10.9.0.1',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.8` },
      });
    for (let i = 0; i < LIMIT; i++) expect((await search(`192.0.2.${i}`)).statusCode).toBe(200);
    expect((await search('192.0.2.99')).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    const other = await t.app.inject({
      url: '/api/v1/interns/search',
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as the proxies’ addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appBehind('10.9.0.0/24, 10.8.0.5');
  });
  afterAll(() => t.close());

  it('believes only the listed proxies, through as many of them as there are', async () => {
    expect(await seen(t, '10.9.0.1', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seen(t, '10.9.0.1', '198.51.100.1, 203.0.113.7, 10.8.0.5')).toBe('203.0.113.7');
    // Not through a listed proxy: the header is the client's own words.
    expect(await seen(t, '203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appBehind(undefined);
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For', async () => {
    expect(await seen(t, '203.0.113.50', '198.51.100.1')).toBe('203.0.113.50');
  });
});

describe('the TRUST_PROXY setting', () => {
  it('reads false, a hop count and a list of addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true, which let a client forge its address, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true больше не принимается.*Укажите число прокси перед приложением \(обычно 1\)/,
    );
  });

  it.each(['maybe', '10.0.0.300', '10.0.0.0/33', '10.0.0.5,', '11', '1.5'])(
    'stops on %j in Russian, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: ожидается false, число прокси перед приложением/,
      );
    },
  );
});
