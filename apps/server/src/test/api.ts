import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from './build-test-app.js';
import { createAccount, createOrganization } from './factories.js';

/**
 * The three kinds of caller (docs/register-rules.md#roles-who-may-do-what), each as the headers its requests
 * carry.
 */
export async function createCallers(t: TestApp) {
  const organization = await createOrganization(t.database.db);
  const operator = await createAccount(t.database.db);
  const representative = await createAccount(t.database.db, { organizationId: organization.id });
  return {
    organization,
    operator,
    representative,
    anonymous: { ...clientHeaders },
    asOperator: { ...clientHeaders, ...(await loginAs(t.app, operator.email, operator.password)) },
    asRepresentative: {
      ...clientHeaders,
      ...(await loginAs(t.app, representative.email, representative.password)),
    },
  };
}
export type Callers = Awaited<ReturnType<typeof createCallers>>;

/** Calls sent as the operator of `callers`: a body to a URL, and a search's rows by one of their fields. */
export function operatorCalls(t: TestApp, callers: Callers) {
  return {
    send: (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: callers.asOperator, payload }),
    /** The `field` of each row that the search at `url` finds for `term`. */
    async found(url: string, term: string, field: string) {
      const response = await t.app.inject({
        url: `${url}?term=${encodeURIComponent(term)}`,
        headers: callers.asOperator,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Results: Record<string, string>[] }>().Results.map((row) => row[field]);
    },
  };
}

export interface CallersTest {
  t: TestApp;
  callers: Callers;
  asOperator: ReturnType<typeof operatorCalls>;
}

/**
 * A test file's app with the three callers and the operator's calls: built before its tests, handed to
 * `ready`, and closed after them.
 */
export function useCallersApp(
  ready: (test: CallersTest) => void,
  options?: Parameters<typeof buildTestApp>[0],
) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(options);
    const callers = await createCallers(t);
    ready({ t, callers, asOperator: operatorCalls(t, callers) });
  });
  afterAll(() => t?.close());
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: object;
}

/** Sends every call as anonymous (401), as an SRO representative (403) and as an operator (success). */
export async function expectOperatorsOnly(t: TestApp, callers: Callers, calls: Call[]) {
  for (const call of calls) {
    const name = `${call.method} ${call.url}`;
    const anonymous = await t.app.inject({ ...call, headers: callers.anonymous });
    expect(anonymous.statusCode, `${name} as anonymous`).toBe(401);
    expect(anonymous.json().ErrorMessage).toBe('Требуется вход в систему');
    const representative = await t.app.inject({ ...call, headers: callers.asRepresentative });
    expect(representative.statusCode, `${name} as a representative`).toBe(403);
    expect(representative.json().ErrorMessage).toBe('Недостаточно прав для выполнения операции');
    const operator = await t.app.inject({ ...call, headers: callers.asOperator });
    expect(operator.statusCode, `${name} as an operator: ${operator.body}`).toBeGreaterThanOrEqual(200);
    expect(operator.statusCode, `${name} as an operator: ${operator.body}`).toBeLessThan(300);
  }
}

/**
 * Reads every page of a search that matches `total` rows: 20 rows a page, the last page the rest, no row
 * twice, and an empty page past the end.
 */
export async function expectPages(
  t: TestApp,
  headers: Record<string, string>,
  url: (page: number) => string,
  total: number,
) {
  const totalPages = Math.ceil(total / 20);
  const ids = new Set<number>();
  for (let page = 0; page <= totalPages; page++) {
    const response = await t.app.inject({ url: url(page), headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ Page: number; TotalPages: number; Results: { Id: number }[] }>();
    const expected = page < totalPages - 1 ? 20 : page === totalPages - 1 ? total - 20 * page : 0;
    expect(body).toMatchObject({ Page: page, TotalPages: totalPages });
    expect(body.Results).toHaveLength(expected);
    for (const row of body.Results) ids.add(row.Id);
  }
  expect(ids.size).toBe(total);
}

/** The call answered `status` with the error message the user reads. */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  message: string,
  label?: string,
) {
  expect(response.statusCode, label ?? response.body).toBe(status);
  expect(response.json().ErrorMessage).toBe(message);
}

/** Text of exactly `length` characters that starts with `seed`, so that long values can still differ. */
export function textOfLength(length: number, seed = ''): string {
  return (seed + 'ж'.repeat(length)).slice(0, length);
}

/** A well-formed e-mail address of exactly `length` characters. */
export function emailOfLength(length: number, seed = ''): string {
  const domain = '@example.org';
  return (seed + 'a'.repeat(length)).slice(0, length - domain.length) + domain;
}

/** The field takes `max` characters and refuses one more with the 'Не более N символов' line. */
export async function expectLengthLimit(
  field: string,
  max: number,
  send: (length: number) => Promise<LightMyRequestResponse>,
) {
  const accepted = await send(max);
  expect(accepted.statusCode, `${field} of ${max}: ${accepted.body}`).toBeLessThan(300);
  const refused = await send(max + 1);
  expect(refused.statusCode, `${field} of ${max + 1}`).toBe(400);
  expect(refused.json().Info).toEqual([`«${field}»: Не более ${max} символов`]);
}
