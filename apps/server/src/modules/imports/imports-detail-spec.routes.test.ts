import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../lib/search.js';
import { clientHeaders } from '../../test/build-test-app.js';
import { acceptAll, reviewRows, useReviewApp, type ReviewTest } from '../../test/review.js';
import { uploadRows } from '../../test/uploads.js';

/*
 * `GET /api/v1/imports/{id}` as a client written against the contract's Import
 * (docs/api.md#the-contracts-shapes) reads it: every field the model names, of its type, and each of the
 * file's rows in the list of its state, all of them at once (the screen's paged rows and counts are beside
 * them, not instead).
 */

let test: ReviewTest;
useReviewApp((ready) => (test = ready));

const { newRow } = reviewRows(910_000, 'СП');

/** The JSON type of each of an object's fields: 'integer', 'string', 'boolean', 'null', 'array', 'object'. */
function typesOf(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      field === null
        ? 'null'
        : Array.isArray(field)
          ? 'array'
          : Number.isInteger(field)
            ? 'integer'
            : typeof field,
    ]),
  );
}

/** Only the named fields, of the given types; `type|null` allows either. */
function expectShape(value: Record<string, unknown>, shape: Record<string, string>) {
  expect(Object.keys(value).sort()).toEqual(Object.keys(shape).sort());
  for (const [key, type] of Object.entries(typesOf(value))) {
    expect(shape[key]!.split('|'), `${key}: ${type}`).toContain(type);
  }
}

/** The contract's lists of the import's rows, and the unchanged rows' beside them. */
const lists = ['Pending', 'Finished', 'Rejected', 'Unchanged'];

const getDetail = async (importId: number, cookie: string, query = '') => {
  const response = await test.t.app.inject({
    url: `/api/v1/imports/${importId}${query}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Record<string, unknown> & Record<'Pending' | 'Finished' | 'Rejected', unknown[]>>();
};

describe('the import detail as the contract has it', () => {
  it('carries the Import model field by field, each row in the list of its state, every row of them', async () => {
    const { t, callers, calls } = test;
    // More rows than a page of `GET /imports/{id}/changes`: the lists are whole.
    const rows = [
      newRow('Аистова'),
      newRow('Борова'),
      newRow('Вихрова'),
      newRow('Галкина'),
      ...Array.from({ length: PAGE_SIZE + 2 }, (_, index) =>
        newRow(`Дроздова${'абвгдежзиклмнопрстуфхцч'[index]}`),
      ),
    ];
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows);
    const [aistova, borova, vikhrova, galkina, ...others] = changeIds as [number, ...number[]];
    const review = (await calls.open(importId, borova!, 'new')).json();
    expect((await calls.submit(importId, borova!, 'new', acceptAll(review))).statusCode).toBe(200);
    expect((await calls.reject(importId, vikhrova!, 'Нет подписи')).statusCode).toBe(200);

    const detail = await getDetail(importId, callers.operator);
    expectShape(detail, {
      ...Object.fromEntries(Object.keys(detail).map((key) => [key, typesOf(detail)[key]!])),
      // The contract's Import: the fields it names, of their types; the rest (counts, notices, mails) are
      // beside.
      Id: 'integer',
      Organization: 'object',
      ImportedBy: 'object',
      ImportedAt: 'string',
      FileName: 'string',
      File: 'object',
      Status: 'integer',
      RowCount: 'integer',
      Pending: 'array',
      Finished: 'array',
      Rejected: 'array',
      Rejection: 'null',
      Protocol: 'object|null',
      Letter: 'object|null',
      Requisites: 'object',
      OrganizationRequisites: 'object',
      ExpiresInDays: 'integer',
    });
    expectShape(detail.Organization as Record<string, unknown>, { Id: 'integer', Name: 'string' });
    expect(detail.ImportedBy).toHaveProperty('Organization', null);
    expectShape(detail.File as Record<string, unknown>, {
      Id: 'integer',
      Name: 'string',
      Size: 'integer',
      NominalExtension: 'string',
      Extension: 'string',
    });
    expectShape(detail.Requisites as Record<string, unknown>, { Number: 'string|null', Date: 'string|null' });
    expectShape(detail.OrganizationRequisites as Record<string, unknown>, {
      Number: 'string|null',
      Date: 'string|null',
    });
    expect(detail.RowCount).toBe(rows.length);

    for (const item of [...detail.Pending, ...detail.Finished] as Record<string, unknown>[]) {
      expectShape(item, { Id: 'integer', FullName: 'string', Snils: 'string|null' });
    }
    for (const item of detail.Rejected as Record<string, unknown>[]) {
      expectShape(item, {
        FullName: 'string',
        Snils: 'string|null',
        RejectionReason: 'string|null',
        RejectionId: 'integer|null',
      });
    }
    const snils = (index: number) => rows[index]!.СНИЛС;
    const fullName = (index: number) => `${rows[index]!.Фамилия} Мария Сергеевна`;
    expect(detail.Pending).toEqual([
      { Id: aistova, FullName: fullName(0), Snils: snils(0) },
      { Id: galkina, FullName: fullName(3), Snils: snils(3) },
      ...others.map((Id, index) => ({ Id, FullName: fullName(4 + index), Snils: snils(4 + index) })),
    ]);
    expect(detail.Finished).toEqual([{ Id: borova, FullName: fullName(1), Snils: snils(1) }]);
    expect(detail.Rejected).toEqual([
      { FullName: fullName(2), Snils: snils(2), RejectionReason: 'Нет подписи', RejectionId: null },
    ]);
    // The counts the screen's filters show stay beside the lists.
    expect(detail).toMatchObject({ StateCounts: { pending: rows.length - 2, finished: 1, rejected: 1 } });
    // The import's page, which pages the rows, asks for the counts alone.
    const counted = await getDetail(importId, callers.operator, '?rows=counts');
    expect(counted).toEqual(
      Object.fromEntries(Object.entries(detail).filter(([key]) => !lists.includes(key))),
    );

    // A file rejected whole leaves nothing waiting: its waiting rows are rejected with it, under its reason.
    const rejectedWhole = await t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${importId}/reject`,
      headers: { cookie: callers.operator, ...clientHeaders },
      payload: { reason: 'Протокол не подписан' },
    });
    expect(rejectedWhole.statusCode, rejectedWhole.body).toBe(200);
    const after = await getDetail(importId, callers.operator);
    const rejection = after.Rejection as { Id: number; Reason: string };
    expect(rejection.Id).toEqual(expect.any(Number));
    const withFile = (index: number) => ({
      FullName: fullName(index),
      Snils: snils(index),
      RejectionReason: 'Протокол не подписан',
      RejectionId: rejection.Id,
    });
    expect(after.Pending).toEqual([]);
    expect(after.Finished).toEqual(detail.Finished);
    expect(after.Rejected).toEqual([
      withFile(0),
      { FullName: fullName(2), Snils: snils(2), RejectionReason: 'Нет подписи', RejectionId: null },
      withFile(3),
      ...others.map((_, index) => withFile(4 + index)),
    ]);

    // The SRO's representative reads the same lists of its import.
    const seen = await getDetail(importId, callers.representative);
    expect([seen.Pending, seen.Finished, seen.Rejected]).toEqual([
      after.Pending,
      after.Finished,
      after.Rejected,
    ]);
  });
});
