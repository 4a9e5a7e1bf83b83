import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from './auth.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../test/build-test-app.js';
import { createAccount, createOrganization } from '../test/factories.js';

/*
 * Who may call each API route, written here by hand and held against every route the app declares: a route
 * added without a line here fails, and so does one whose declared access differs. Each route is then called
 * as each kind of caller, with an id nobody has and no body: access is decided before the body is read, so
 * a refused caller is refused whatever they send.
 */
const expected: Record<string, Access> = {
  'POST /api/v1/account/login': 'anyone',
  'POST /api/v1/account/logout': 'anyone',
  'GET /api/v1/account': 'anyone',
  'GET /api/v1/account/stats': 'operator',
  'GET /api/v1/organizations/search': 'operator',
  'POST /api/v1/organizations': 'operator',
  'PUT /api/v1/organizations/:id': 'operator',
  'GET /api/v1/schools/search': 'operator',
  'POST /api/v1/schools': 'operator',
  'PUT /api/v1/schools/:id': 'operator',
  'GET /api/v1/dictionaries/:code/entries': 'operator',
  'GET /api/v1/dictionaries/:code/search': 'operator',
  'POST /api/v1/dictionaries/:code': 'operator',
  'PUT /api/v1/dictionaries/:code/entries/:id': 'operator',
  'GET /api/v1/operators/search': 'operator',
  'POST /api/v1/operators': 'operator',
  'PUT /api/v1/operators/:id': 'operator',
  'POST /api/v1/operators/:id/generate-password': 'operator',
  'GET /api/v1/interns/search': 'anyone',
  'GET /api/v1/interns': 'anyone',
  'GET /api/v1/interns/export': 'operator',
  'GET /api/v1/interns/:id': 'operator',
  'GET /api/v1/interns/:id/public': 'anyone',
  'POST /api/v1/interns': 'operator',
  'PUT /api/v1/interns/:id': 'operator',
  'DELETE /api/v1/interns/:id': 'operator',
  'POST /api/v1/interns/:id/restore': 'operator',
  'GET /api/v1/archives/search': 'operator',
  'GET /api/v1/archives/:section/:id': 'operator',
  'GET /api/v1/archives/documents': 'operator',
  'GET /api/v1/archives/documents/:id/changes': 'operator',
  'GET /api/v1/stats/organizations': 'operator',
  'GET /api/v1/stats/organizations/export': 'operator',
  'GET /api/v1/audit': 'operator',
  'GET /api/v1/audit/export': 'operator',
  'GET /api/v1/imports': 'signed-in',
  'GET /api/v1/imports/pending': 'signed-in',
  'GET /api/v1/imports/completed': 'signed-in',
  'GET /api/v1/imports/rejected': 'signed-in',
  'GET /api/v1/imports/:id': 'signed-in',
  'PUT /api/v1/imports/:id': 'operator',
  'POST /api/v1/imports/:id/reject': 'operator',
  'GET /api/v1/imports/:id/changes': 'signed-in',
  'GET /api/v1/imports/:id/files/:fileId': 'signed-in',
  'POST /api/v1/imports': 'operator',
  'POST /api/v1/imports/delta': 'organization',
  'GET /api/v1/imports/uploads/:uploadId': 'signed-in',
  'GET /api/v1/imports/:id/changes/:change': 'operator',
  'GET /api/v1/imports/:id/changes/:change/progress': 'operator',
  'POST /api/v1/imports/:id/changes/:change/submit/:intern': 'operator',
  'POST /api/v1/imports/:id/changes/:change/reject': 'operator',
  'POST /api/v1/imports/:id/changes/:change/return': 'operator',
  'POST /api/v1/imports/:id/changes/:change/undo': 'operator',
  'POST /api/v1/imports/:id/changes/next': 'operator',
  'POST /api/v1/imports/:id/changes/:change/claim': 'operator',
  'DELETE /api/v1/imports/:id/changes/:change/claim': 'operator',
  'GET /api/v1/imports/:id/rejected-rows': 'signed-in',
  'GET /api/v1/imports/template': 'signed-in',
  // A representative's own SRO, an operator's choice: the service refuses another SRO's (403).
  'GET /api/v1/imports/change-file': 'signed-in',
  'GET /api/v1/imports/change-file/parts': 'signed-in',
  'GET /api/v1/files/:fileId': 'signed-in',
  'GET /api/v1/files/:fileId/download': 'signed-in',
  'GET /api/v1/files/rejections/:fileId': 'signed-in',
  'GET /api/v1/openapi.json': 'anyone',
  'GET /api/v1/health': 'anyone',
  'GET /api/v1/ready': 'anyone',
  'GET /api/v1/docs': 'anyone',
};

type Caller = 'anonymous' | 'representative of SRO A' | 'representative of SRO B' | 'operator';
const callers: Caller[] = ['anonymous', 'representative of SRO A', 'representative of SRO B', 'operator'];

/** What a caller gets from a route of the given access: refused with 401 or 403, or let through. */
function outcome(access: Access, caller: Caller): 401 | 403 | 'through' {
  if (access === 'anyone') return 'through';
  if (caller === 'anonymous') return 401;
  if (access === 'operator') return caller === 'operator' ? 'through' : 403;
  if (access === 'organization') return caller === 'operator' ? 403 : 'through';
  return 'through';
}

let t: TestApp;
let headers: Record<Caller, Record<string, string>>;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [sroA, sroB] = [await createOrganization(db), await createOrganization(db)];
  const login = async (organizationId: number | null) => {
    const account = await createAccount(db, { organizationId });
    return { ...clientHeaders, ...(await loginAs(t.app, account.email, account.password)) };
  };
  headers = {
    anonymous: { ...clientHeaders },
    'representative of SRO A': await login(sroA.id),
    'representative of SRO B': await login(sroB.id),
    operator: await login(null),
  };
});
afterAll(() => t.close());

/** The route's URL with ids nobody has (and a dictionary code, a section), so that nothing is changed. */
const concrete = (url: string) =>
  url
    .replace(':code', 'addresses')
    .replace(':section', 'PersonalInfo')
    .replace(':intern', 'new')
    .replace(/:\w+/g, '999999');

describe('who may call each API route', () => {
  it('has a rule here for every route the app declares, and the same one', () => {
    const declared = Object.fromEntries(
      t.app.apiRoutes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(declared).toEqual(expected);
  });

  for (const [route, access] of Object.entries(expected)) {
    // Logging out would end the session the other calls use: it is tested on its own in the account tests.
    if (route === 'POST /api/v1/account/logout') continue;
    it(`${route} (${access})`, async () => {
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      for (const caller of callers) {
        const response: LightMyRequestResponse = await t.app.inject({
          method,
          url: concrete(url),
          headers: headers[caller],
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { unexpected: true } }),
        });
        const expectedOutcome = outcome(access, caller);
        if (expectedOutcome === 'through') {
          expect([401, 403], `${route} as ${caller}: ${response.body}`).not.toContain(response.statusCode);
          expect(response.statusCode, `${route} as ${caller}: ${response.body}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, `${route} as ${caller}: ${response.body}`).toBe(expectedOutcome);
        }
      }
    });
  }
});
