import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../lib/sql-rows.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../test/build-test-app.js';
import { createAccount, createOrganization } from '../test/factories.js';
import { createIntern, internship, personalInfo, protocol } from '../test/interns.js';
import { multipart, uploadRows } from '../test/uploads.js';

/*
 * Every write route, sent generated payloads: a valid one with a field replaced, dropped or garbled, or any
 * JSON at all. No answer may be a server error, and a refused call may change nothing: a trigger counts the
 * rows written to any table, in the same transaction as the write. `npm test` sends FUZZ_RUNS
 * payloads a route (1,000); `npm run fuzz` sends 20,000.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
// The session and login-failure tables change on refused calls by design: a failed login is counted, and
// journalled (audit_events: the journal records every checked failed sign-in).
const UNCOUNTED = new Set([
  'sessions',
  'login_throttles',
  'login_addresses',
  'public_request_counts',
  'audit_events',
  'fuzz_changes',
]);

let t: TestApp;
let operator: Record<string, string>;
let representative: Record<string, string>;
const ids = {
  organization: 0,
  school: 0,
  address: 0,
  account: 0,
  intern: 0,
  internVersion: 0,
  import: 0,
  change: 0,
};

async function countChanges(t: TestApp) {
  const db = t.database.db;
  await db.execute(sql`create table fuzz_changes (n bigint not null)`);
  await db.execute(sql`insert into fuzz_changes values (0)`);
  await db.execute(sql`create function fuzz_count() returns trigger language plpgsql as $$
    begin update fuzz_changes set n = n + 1; return null; end $$`);
  const tables = await sqlRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  for (const { tablename } of tables) {
    if (UNCOUNTED.has(tablename) || tablename.startsWith('__')) continue;
    await db.execute(
      sql.raw(`create trigger fuzz_count after insert or update or delete on "${tablename}"
        for each row execute function fuzz_count()`),
    );
  }
}

const changes = async () => {
  const [row] = await sqlRows<{ n: string | number }>(t.database.db, sql`select n from fuzz_changes`);
  return Number(row!.n);
};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const sro = await createOrganization(db, { registryNumber: '777' });
  ids.organization = sro.id;
  const op = await createAccount(db);
  const rep = await createAccount(db, { organizationId: sro.id });
  operator = { ...clientHeaders, ...(await loginAs(t.app, op.email, op.password)) };
  representative = { ...clientHeaders, ...(await loginAs(t.app, rep.email, rep.password)) };
  ids.account = (await createAccount(db, { organizationId: sro.id })).id;
  const school = await t.app.inject({
    method: 'POST',
    url: '/api/v1/schools',
    headers: operator,
    payload: { Name: 'Политех' },
  });
  ids.school = school.json().Id;
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/v1/dictionaries/addresses',
    headers: operator,
    payload: { Value: 'г. Томск, ул. Ленина, д. 1' },
  });
  ids.address = address.json().Id;
  const card = await createIntern(t.app, operator.cookie!, {
    PersonalInfo: [personalInfo({ Snils: '112-233-445 95' })],
    Internships: [internship(sro.id)],
  });
  ids.intern = card.Id;
  ids.internVersion = card.Version;
  const uploaded = await uploadRows(t, operator.cookie!, sro.id, [{ Фамилия: 'Фаззова' }]);
  ids.import = uploaded.importId;
  ids.change = uploaded.changeIds[0]!;
  await countChanges(t);
});
afterAll(() => t.close());

/** Texts a client might send: ordinary, empty, long, control characters, other scripts, markup, SQL. */
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202e',
    '😀',
    '<script>',
    "' or 1=1 --",
    'ё'.repeat(600),
    '9'.repeat(400),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/**
 * JSON text nested deeper than JSON.stringify itself can go (a few thousand levels), spliced in where it
 * stands when the payload is written (payloadText).
 */
class DeepJson {
  constructor(readonly text: string) {}
}
const deepJson = fc
  .tuple(fc.integer({ min: 50, max: 100_000 }), fc.constantFrom(['{"a":', '}'], ['[', ']']))
  .map(([levels, [open, close]]) => new DeepJson(`${open.repeat(levels)}1${close.repeat(levels)}`));

/** Shapes that cost a walker or a validator: deep nesting (past any stack), huge arrays, long keys. */
const hugeValue: fc.Arbitrary<unknown> = fc.oneof(
  deepJson,
  fc
    .tuple(fc.integer({ min: 1_000, max: 50_000 }), fc.constantFrom(0, 'ё', {}, null))
    .map(([length, item]) => Array.from({ length }, () => item)),
  fc.integer({ min: 1_000, max: 100_000 }).map((length) => ({ ['к'.repeat(length)]: 'значение' })),
);

/** A payload as JSON text, with any DeepJson in it written as its text. */
function payloadText(payload: unknown): string {
  const deep: string[] = [];
  const text =
    JSON.stringify(payload, (_key, value: unknown) =>
      value instanceof DeepJson ? `\u0001${deep.push(value.text) - 1}\u0001` : value,
    ) ?? 'null';
  return text.replace(/"\\u0001(\d+)\\u0001"/g, (match, index: string) => deep[Number(index)] ?? match);
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(null, true, -1, 0, 2 ** 31, 1e308, Number.MAX_SAFE_INTEGER, [], {}),
  },
  { weight: 1, arbitrary: hugeValue },
);

/** Paths to every field of a JSON value, as key lists. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => paths(item, [...prefix, key]))];
}

/** A valid payload with one field replaced or dropped, or any JSON at all. */
function payloadsLike(valid: () => unknown): fc.Arbitrary<unknown> {
  const mutated = fc.tuple(fc.nat(), hostileValue, fc.boolean()).map(([pick, value, drop]) => {
    const payload = structuredClone(valid()) as Record<string | number, unknown>;
    const all = paths(payload).filter((path) => path.length > 0);
    if (all.length === 0) return value;
    const path = all[pick % all.length]!;
    let node = payload;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    if (drop) delete node[path.at(-1)!];
    else node[path.at(-1)!] = value;
    return payload;
  });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: hostileValue });
}

/** Ids in a path: the real one, or anything a client might write there. */
const pathId = (real: () => number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(0).map(() => String(real())) },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.string(), fc.constantFrom('0', '-1', '0x1', '1e3', '99999999999', '%00')),
    },
  );

type Route = {
  method: 'POST' | 'PUT' | 'DELETE';
  url: (id: string) => string;
  id?: () => number;
  headers: () => Record<string, string>;
  valid: () => unknown;
};

const routes: Record<string, Route> = {
  'POST /account/login': {
    method: 'POST',
    url: () => '/api/v1/account/login',
    headers: () => clientHeaders,
    valid: () => ({ Id: 'nobody@example.org', Password: 'x' }),
  },
  'POST /organizations': {
    method: 'POST',
    url: () => '/api/v1/organizations',
    headers: () => operator,
    valid: () => ({ Name: 'СРО «Фазз»', RegistryNumber: '123' }),
  },
  'PUT /organizations/:id': {
    method: 'PUT',
    url: (id) => `/api/v1/organizations/${id}`,
    id: () => ids.organization,
    headers: () => operator,
    valid: () => ({ Name: 'СРО «Фазз-2»', RegistryNumber: '777' }),
  },
  'POST /schools': {
    method: 'POST',
    url: () => '/api/v1/schools',
    headers: () => operator,
    valid: () => ({ Name: 'Университет' }),
  },
  'PUT /schools/:id': {
    method: 'PUT',
    url: (id) => `/api/v1/schools/${id}`,
    id: () => ids.school,
    headers: () => operator,
    valid: () => ({ Name: 'Политех' }),
  },
  'POST /dictionaries/:code': {
    method: 'POST',
    url: () => '/api/v1/dictionaries/termination-reasons',
    headers: () => operator,
    valid: () => ({ Value: 'Переезд' }),
  },
  'PUT /dictionaries/:code/entries/:id': {
    method: 'PUT',
    url: (id) => `/api/v1/dictionaries/addresses/entries/${id}`,
    id: () => ids.address,
    headers: () => operator,
    valid: () => ({ Value: 'г. Томск, ул. Ленина, д. 1' }),
  },
  'POST /operators': {
    method: 'POST',
    url: () => '/api/v1/operators',
    headers: () => operator,
    valid: () => ({ FullName: 'Фаззов Ф. Ф.', EmailAddress: 'fuzz@example.org' }),
  },
  'PUT /operators/:id': {
    method: 'PUT',
    url: (id) => `/api/v1/operators/${id}`,
    id: () => ids.account,
    headers: () => operator,
    valid: () => ({
      FullName: 'Фаззов',
      EmailAddress: 'rep.fuzz@example.org',
      Organization: { Id: ids.organization },
    }),
  },
  'POST /interns': {
    method: 'POST',
    url: () => '/api/v1/interns',
    headers: () => operator,
    valid: () => ({
      Intern: { PersonalInfo: [personalInfo()], Internships: [internship(ids.organization)] },
      Protocol: protocol(),
    }),
  },
  'PUT /interns/:id': {
    method: 'PUT',
    url: (id) => `/api/v1/interns/${id}`,
    id: () => ids.intern,
    headers: () => operator,
    valid: () => ({
      Intern: { Version: ids.internVersion, PersonalInfo: [personalInfo({ Id: -5 })] },
      Protocol: protocol(),
    }),
  },
  'PUT /imports/:id': {
    method: 'PUT',
    url: (id) => `/api/v1/imports/${id}`,
    id: () => ids.import,
    headers: () => operator,
    valid: () => ({ Number: '1-вх', Date: '2026-11-21' }),
  },
  'POST /imports/:id/reject': {
    method: 'POST',
    url: (id) => `/api/v1/imports/${id}/reject`,
    id: () => ids.import,
    headers: () => operator,
    valid: () => ({ reason: '' }),
  },
  'POST /imports/:id/changes/:change/submit/new': {
    method: 'POST',
    url: (id) => `/api/v1/imports/${ids.import}/changes/${id}/submit/new`,
    id: () => ids.change,
    headers: () => operator,
    valid: () => ({ PersonalInfo: personalInfo({ LastName: 'Фаззова' }) }),
  },
  'POST /imports/:id/changes/:change/reject': {
    method: 'POST',
    url: (id) => `/api/v1/imports/${ids.import}/changes/${id}/reject`,
    id: () => ids.change,
    headers: () => operator,
    valid: () => ({ reason: '' }),
  },
};

/** Sends one payload and holds the answer to the rules: no server error, and a refusal changes nothing. */
async function check(route: Route, id: string, payload: unknown) {
  const before = await changes();
  const text = payloadText(payload);
  const response = await t.app.inject({
    method: route.method,
    url: route.url(encodeURIComponent(id)),
    headers: { ...route.headers(), 'content-type': 'application/json' },
    payload: text,
  });
  const what = `${route.method} ${route.url(id)} ${text.slice(0, 300)}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  if (response.statusCode >= 400)
    expect(await changes(), `a refused call changed a table: ${what}`).toBe(before);
}

describe(`every write route, ${RUNS} generated payloads each`, () => {
  for (const [name, route] of Object.entries(routes)) {
    it(
      name,
      async () => {
        const pathIds = route.id ? pathId(route.id) : fc.constant('');
        await fc.assert(
          fc.asyncProperty(pathIds, payloadsLike(route.valid), (id, payload) => check(route, id, payload)),
          { numRuns: RUNS, seed: 20261124 },
        );
      },
      600_000,
    );
  }

  it('the uploads, with forms garbled part by part', async () => {
    const part = fc.record({
      field: fc.oneof(
        fc.constantFrom('data', 'file', 'protocol', 'letter', 'protocolSignature'),
        fc.string(),
      ),
      name: fc.option(hostileText, { nil: undefined }),
      content: fc.oneof(
        hostileText,
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        deepJson.map((deep) => deep.text),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 5 }), fc.boolean(), async (parts, asRepresentative) => {
        const before = await changes();
        const body = multipart(parts);
        const response = await t.app.inject({
          method: 'POST',
          url: asRepresentative ? '/api/v1/imports/delta' : '/api/v1/imports',
          headers: { ...(asRepresentative ? representative : operator), 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) expect(await changes()).toBe(before);
      }),
      { numRuns: RUNS, seed: 20261124 },
    );
  }, 600_000);
});
