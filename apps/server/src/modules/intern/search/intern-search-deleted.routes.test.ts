import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createIntern, exportedSheet, internship, personalInfo } from '../../../test/interns.js';

/*
 * The list of deleted trainees (`deleted=true`): operators find there the trainees they may restore; the
 * public list ignores the parameter and shows the register.
 */

let t: TestApp;
let operator: { cookie: string };
let organization: { cookie: string };
let sro: { id: number; name: string };
const deletedIds = new Map<string, number>();

const REGISTER = ['Абрамова Анна', 'Борисов Борис', 'Смирнова Елена'];
const DELETED = ['Смирнов Пётр', 'Андреева Ольга', 'Яшин Лев'];

/** A valid SNILS starting with `start` (three digits) followed by zeros. */
function snilsOf(start: number): string {
  const digits = `${start}000000`;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (9 - index), 0);
  return `${digits}${String((sum % 101) % 100).padStart(2, '0')}`;
}

async function remove(id: number, method: 'DELETE' | 'POST' = 'DELETE') {
  const response = await t.app.inject({
    method,
    url: method === 'DELETE' ? `/api/v1/interns/${id}` : `/api/v1/interns/${id}/restore`,
    headers: { cookie: operator.cookie, ...clientHeaders },
  });
  expect(response.statusCode).toBeLessThan(300);
}

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Северное»' });
  const op = await createAccount(t.database.db);
  operator = await loginAs(t.app, op.email, op.password);
  const member = await createAccount(t.database.db, { organizationId: sro.id });
  organization = await loginAs(t.app, member.email, member.password);
  for (const [index, name] of [...REGISTER, ...DELETED].entries()) {
    const [LastName, FirstName] = name.split(' ');
    const snils = snilsOf(100 + index);
    const created = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo({ LastName, FirstName, PatronymicName: null, Snils: snils })],
      Internships: [internship(sro.id, { RegistryNumber: `С-${index}` })],
    });
    if (DELETED.includes(name)) deletedIds.set(name, created.Id);
  }
  for (const id of deletedIds.values()) await remove(id);
});
afterAll(() => t.close());

type Result = { TotalPages: number; Results: { FullName: string; IsDeleted: boolean }[] };

async function search(query: string, cookie?: string): Promise<Result> {
  const response = await t.app.inject({
    url: `/api/v1/interns/search?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const names = (result: Result) => result.Results.map((row) => row.FullName);

describe('GET /api/v1/interns/search?deleted=true', () => {
  it('lists only the deleted trainees to an operator, in alphabetical order', async () => {
    const result = await search('deleted=true', operator.cookie);
    expect(names(result)).toEqual(['Андреева Ольга', 'Смирнов Пётр', 'Яшин Лев']);
    expect(result.Results.every((row) => row.IsDeleted)).toBe(true);
    expect(result.TotalPages).toBe(1);
    expect(names(await search('', operator.cookie))).toEqual(REGISTER);
    expect(names(await search('deleted=false', operator.cookie))).toEqual(REGISTER);
    expect(names(await search('deleted=', operator.cookie))).toEqual(REGISTER);
  });

  it('narrows the deleted by a term, a short term, a SNILS, a status and an SRO', async () => {
    const deleted = (query: string) => search(`deleted=true&${query}`, operator.cookie).then(names);
    expect(await deleted(`term=${encodeURIComponent('смирн')}`)).toEqual(['Смирнов Пётр']);
    expect(await deleted(`term=${encodeURIComponent('ол')}`)).toEqual(['Андреева Ольга']);
    expect(await deleted(`term=${encodeURIComponent('лев яш')}`)).toEqual(['Яшин Лев']);
    expect(await deleted(`term=${snilsOf(103)}`)).toEqual(['Смирнов Пётр']);
    expect(await deleted('term=1040')).toEqual(['Андреева Ольга']);
    expect(await deleted(`term=${snilsOf(100)}`)).toEqual([]);
    expect(await deleted('status=0')).toHaveLength(3);
    expect(await deleted('status=2')).toEqual([]);
    expect(await deleted(`org=${sro.id}`)).toHaveLength(3);
  });

  it('is ignored for the public and an SRO: they see the register, never the deleted', async () => {
    for (const cookie of [undefined, organization.cookie]) {
      const result = await search('deleted=true', cookie);
      expect(names(result)).toEqual(REGISTER);
      expect(result.Results.some((row) => row.IsDeleted)).toBe(false);
      expect(names(await search(`deleted=true&term=${encodeURIComponent('смирн')}`, cookie))).toEqual([
        'Смирнова Елена',
      ]);
    }
  });

  it('refuses a value that is not a flag', async () => {
    const response = await t.app.inject({
      url: '/api/v1/interns/search?deleted=yes',
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode).toBe(400);
  });
});

async function exportedNames(query: string): Promise<string[]> {
  const rows = await exportedSheet(t.app, operator.cookie, query);
  return rows.map((row) => String(row[1]));
}

describe('GET /api/v1/interns/export?deleted=true', () => {
  it('exports what the list shows: the deleted trainees, with or without an SRO', async () => {
    expect(await exportedNames('deleted=true')).toEqual(['Андреева Ольга', 'Смирнов Пётр', 'Яшин Лев']);
    expect(await exportedNames(`deleted=true&org=${sro.id}`)).toEqual([
      'Андреева Ольга',
      'Смирнов Пётр',
      'Яшин Лев',
    ]);
    expect(await exportedNames(`org=${sro.id}`)).toEqual(REGISTER);
  });
});

describe('a restored trainee', () => {
  it('leaves the list of the deleted and returns to the register', async () => {
    await remove(deletedIds.get('Яшин Лев')!, 'POST');
    expect(names(await search('deleted=true', operator.cookie))).toEqual(['Андреева Ольга', 'Смирнов Пётр']);
    expect(names(await search('', operator.cookie))).toEqual([...REGISTER, 'Яшин Лев']);
    expect(names(await search('deleted=true'))).toEqual([...REGISTER, 'Яшин Лев']);
  });
});
