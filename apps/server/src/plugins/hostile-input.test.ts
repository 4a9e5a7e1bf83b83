import { texts } from '@registry/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../test/build-test-app.js';
import { createAccount, createOrganization } from '../test/factories.js';
import { createIntern, personalInfo } from '../test/interns.js';
import { upload } from '../test/uploads.js';
import { sampleRow, sheetOf, xlsxOf } from '../test/change-files/workbooks.js';

/* Input a client should never send: a refusal that says what is wrong, never a server error. */

let t: TestApp;
let operator: Record<string, string>;
let organizationId: number;

beforeAll(async () => {
  t = await buildTestApp();
  organizationId = (await createOrganization(t.database.db)).id;
  const account = await createAccount(t.database.db);
  operator = { ...clientHeaders, ...(await loginAs(t.app, account.email, account.password)) };
});
afterAll(() => t.close());

const nulRefused = { ErrorMessage: texts.invalidRequest, Info: [texts.nulCharacter] };

describe('the NUL character (U+0000)', () => {
  it('is refused in a query, a path and a body, to anyone, before any SQL', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/v1/interns/search?term=%00', headers: clientHeaders },
      { method: 'GET' as const, url: '/api/v1/interns/search?term=ив%00ан', headers: operator },
      { method: 'GET' as const, url: '/api/v1/dictionaries/addr%00esses/entries', headers: operator },
      { method: 'GET' as const, url: '/api/v1/archives/search?term=%00', headers: operator },
      {
        method: 'POST' as const,
        url: '/api/v1/account/login',
        headers: clientHeaders,
        payload: { Id: 'admin\u0000@localhost', Password: 'x' },
      },
      {
        method: 'POST' as const,
        url: '/api/v1/organizations',
        headers: operator,
        payload: { Name: 'СРО\u0000', RegistryNumber: '123' },
      },
      {
        method: 'POST' as const,
        url: '/api/v1/interns',
        headers: operator,
        payload: {
          Intern: { PersonalInfo: [personalInfo({ LastName: 'Ив\u0000анова' })] },
          Protocol: { number: '1', date: '2025-01-01' },
        },
      },
    ];
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject(nulRefused);
    }
    const logged = JSON.stringify(t.logLines());
    expect(logged).not.toContain('Failed query');
  });

  it('fails an export before its first byte, with an error the client can read', async () => {
    const response = await t.app.inject({ url: '/api/v1/interns/export?term=%00', headers: operator });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject(nulRefused);
  });

  it('is refused in a multipart field and in a file name', async () => {
    const file = await xlsxOf(sheetOf([sampleRow()]));
    const inData = await upload(t, '/api/v1/imports', operator.cookie!, [
      { field: 'data', content: JSON.stringify({ organizationId, number: 'N\u0000' }) },
      { field: 'file', name: 'изменения.xlsx', content: file },
    ]);
    expect(inData.statusCode, inData.body).toBe(400);
    expect(inData.json()).toMatchObject(nulRefused);
    const inName = await upload(t, '/api/v1/imports', operator.cookie!, [
      { field: 'data', content: JSON.stringify({ organizationId }) },
      { field: 'file', name: 'изме\u0000нения.xlsx', content: file },
    ]);
    expect(inName.statusCode, inName.body).toBe(400);
    expect(inName.json()).toMatchObject(nulRefused);
  });
});

describe('a deeply nested body', () => {
  const nested = (levels: number) => `${'{"":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const tooDeep = { ErrorMessage: texts.invalidRequest, Info: [texts.inputTooDeep(64)] };
  const login = (field: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/account/login',
      headers: { ...clientHeaders, 'content-type': 'application/json' },
      payload: `{"Id":"nobody@example.org","Password":"x","Extra":${field}}`,
    });

  it('is refused with a 400 that says so, however deep: 3,500 levels (18 KB) and 100,000', async () => {
    for (const levels of [3_500, 100_000]) {
      const response = await login(nested(levels));
      expect(response.statusCode, `${levels} levels: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject(tooDeep);
    }
    const arrays = await login(`${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    expect(arrays.statusCode).toBe(400);
    expect(arrays.json()).toMatchObject(tooDeep);
  });

  it('passes at the contract’s depths: a body nested 60 levels reaches the route', async () => {
    const response = await login(nested(60));
    expect(response.statusCode, response.body).toBe(401);
  });

  it('is refused in a multipart data field', async () => {
    const response = await upload(t, '/api/v1/imports', operator.cookie!, [
      { field: 'data', content: `{"organizationId":${organizationId},"x":${nested(3_500)}}` },
      { field: 'file', name: 'изменения.xlsx', content: await xlsxOf(sheetOf([sampleRow()])) },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject(tooDeep);
  });
});

describe('a broken multipart form', () => {
  const post = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: { ...operator, 'content-type': contentType },
      payload,
    });

  it('is a 400 that says the form is broken: no boundary, cut off, not a form inside', async () => {
    const part = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n';
    for (const [contentType, payload] of [
      ['multipart/form-data', `${part}abc\r\n--x--\r\n`],
      ['multipart/form-data; boundary=x', `${part}abc`],
      ['multipart/form-data; boundary=x', 'garbage'],
    ] as const) {
      const response = await post(contentType, payload);
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(400);
      expect(response.json().ErrorMessage).toBe(
        'Форма с файлами повреждена или передана не полностью: загрузите файлы снова',
      );
    }
  });
});

describe('ids in a path', () => {
  it('are plain decimal numbers: 0x0a, 1e1 and 010 are not another trainee’s', async () => {
    const card = await createIntern(t.app, operator.cookie!, { PersonalInfo: [personalInfo()] });
    const id: number = card.Id;
    expect((await t.app.inject({ url: `/api/v1/interns/${id}/public` })).statusCode).toBe(200);
    for (const written of [
      `0x${id.toString(16)}`,
      `${id}e0`,
      `0${id}`,
      `${id}.0`,
      ` ${id}`,
      '99999999999',
      '-1',
      '0',
    ]) {
      const response = await t.app.inject({ url: `/api/v1/interns/${encodeURIComponent(written)}/public` });
      expect(response.statusCode, written).toBe(400);
      expect(response.json().Info).toEqual([`«id»: ${texts.invalidId}`]);
    }
  });
});
