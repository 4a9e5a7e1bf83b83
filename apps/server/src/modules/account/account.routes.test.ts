import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { createAccount, createOrganization } from '../../test/factories.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' },
  });
});
afterAll(() => t.close());

function login(
  Id: string,
  Password: string,
  headers: Record<string, string> = clientHeaders,
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/account/login',
    headers,
    payload: { Id, Password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

describe('GET /api/v1/account', () => {
  it('tells an anonymous caller that nobody is logged in', async () => {
    const response = await t.app.inject({ url: '/api/v1/account' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      IsAuthenticated: false,
      IsOperator: false,
      Organization: null,
      FullName: null,
    });
  });
});

describe('POST /api/v1/account/login', () => {
  it('logs an operator in by e-mail, case-insensitively, with an HttpOnly SameSite=Lax cookie', async () => {
    const operator = await createAccount(t.database.db, { email: 'Operator.One@Example.org' });
    const response = await login('operator.one@example.ORG', operator.password, clientHeaders, '10.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      IsAuthenticated: true,
      IsOperator: true,
      Organization: null,
      FullName: operator.fullName,
    });
    const cookie = response.cookies.find((c) => c.name === 'registry_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
  });

  it('stores only a hash of the session token', async () => {
    const account = await createAccount(t.database.db);
    const { cookie } = await loginAs(t.app, account.email, account.password);
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('describes an SRO representative with their organization', async () => {
    const organization = await createOrganization(t.database.db, {
      name: 'СРО «Союз кадастровых инженеров»',
    });
    const representative = await createAccount(t.database.db, { organizationId: organization.id });
    const { cookie } = await loginAs(t.app, representative.email, representative.password);
    const response = await t.app.inject({ url: '/api/v1/account', headers: { cookie } });
    expect(response.json()).toEqual({
      IsAuthenticated: true,
      IsOperator: false,
      Organization: { Id: organization.id, Name: 'СРО «Союз кадастровых инженеров»' },
      FullName: representative.fullName,
    });
  });

  it('says only "Неверный пароль" for a wrong password and for an unknown account', async () => {
    const account = await createAccount(t.database.db);
    const wrong = await login(account.email, 'not-the-password', clientHeaders, '10.0.0.2');
    const unknown = await login('nobody@example.org', 'whatever', clientHeaders, '10.0.0.2');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ ErrorMessage: 'Неверный пароль' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('names each empty field with the required-field message', async () => {
    const response = await login('', '');
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual([
      '«Id»: Данное поле обязательно для заполнения',
      '«Password»: Данное поле обязательно для заполнения',
    ]);
  });

  it('refuses a login posted by a foreign page, and accepts one from our own origin', async () => {
    const account = await createAccount(t.database.db);
    const foreign = await login(account.email, account.password, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const bare = await login(account.email, account.password, {});
    expect(bare.statusCode).toBe(403);
    const sameOrigin = await login(account.email, account.password, {
      origin: 'http://registry.local:3000',
      host: 'registry.local:3000',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logout ends the session on the server, not only in the browser', async () => {
    const account = await createAccount(t.database.db);
    const { cookie } = await loginAs(t.app, account.email, account.password);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/logout',
      headers: { cookie, ...clientHeaders },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'registry_session')?.value).toBe('');
    const after = await t.app.inject({ url: '/api/v1/account', headers: { cookie } });
    expect(after.json().IsAuthenticated).toBe(false);
  });

  it('expires a session left idle too long and one past its absolute limit', async () => {
    const account = await createAccount(t.database.db);
    const idle = await loginAs(t.app, account.email, account.password);
    const old = await loginAs(t.app, account.email, account.password);
    const live = await loginAs(t.app, account.email, account.password);
    const hashOf = async (cookie: string) => {
      const { hashToken } = await import('../../lib/tokens.js');
      return hashToken(cookie.split('=')[1]!);
    };
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '9 hours' where token_hash = ${await hashOf(idle.cookie)}`,
    );
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${await hashOf(old.cookie)}`,
    );
    const state = async (cookie: string) =>
      (await t.app.inject({ url: '/api/v1/account', headers: { cookie } })).json().IsAuthenticated;
    expect(await state(idle.cookie)).toBe(false);
    expect(await state(old.cookie)).toBe(false);
    expect(await state(live.cookie)).toBe(true);
  });

  it('ignores a forged cookie', async () => {
    const response = await t.app.inject({
      url: '/api/v1/account',
      headers: { cookie: 'registry_session=forged' },
    });
    expect(response.json().IsAuthenticated).toBe(false);
  });
});

describe('GET /api/v1/account/stats', () => {
  it('is for operators only', async () => {
    const organization = await createOrganization(t.database.db);
    const representative = await createAccount(t.database.db, { organizationId: organization.id });
    const operator = await createAccount(t.database.db);

    const anonymous = await t.app.inject({ url: '/api/v1/account/stats' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().ErrorMessage).toBe('Требуется вход в систему');

    const asRepresentative = await loginAs(t.app, representative.email, representative.password);
    const refused = await t.app.inject({ url: '/api/v1/account/stats', headers: asRepresentative });
    expect(refused.statusCode).toBe(403);

    const asOperator = await loginAs(t.app, operator.email, operator.password);
    const counters = await t.app.inject({ url: '/api/v1/account/stats', headers: asOperator });
    expect(counters.statusCode).toBe(200);
    expect(counters.json()).toEqual({ InternsCount: 0, PendingImportsCount: 0 });
  });
});
