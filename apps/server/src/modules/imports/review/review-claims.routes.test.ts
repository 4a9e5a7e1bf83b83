import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, type PendingChange } from '@registry/shared';
import { importChanges } from '../../../db/schema/index.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { snilsFrom } from '../../../test/change-files/workbooks.js';
import { createAccount } from '../../../test/factories.js';
import { acceptAll, reviewCallers, reviewCalls } from '../../../test/review.js';
import { importRows, uploadRows } from '../../../test/uploads.js';
import { reviewTexts } from './review.service.js';

/*
 * Several operators on one import (docs/row-review.md «Несколько операторов»): each is handed a different
 * row, a claimed row is its operator's until the claim ends, and a lost race says who won.
 */

let t: TestApp;
let callers: Awaited<ReturnType<typeof reviewCallers>>;
let second: { cookie: string; name: string };
let serial = 800_000;

/** Rows of trainees no other row of these tests names, in file order. */
const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    Фамилия: `Строкова${'абвгдежзик'[index]}`,
    СНИЛС: snilsFrom(++serial),
    'Дата рождения': undefined,
    'Уникальный идентификационный номер стажировки': `З-${serial}`,
  }));

beforeAll(async () => {
  t = await buildTestApp();
  callers = await reviewCallers(t);
  const account = await createAccount(t.database.db, { fullName: 'Кузнецова Ирина Олеговна' });
  second = { cookie: (await loginAs(t.app, account.email, account.password)).cookie, name: account.fullName };
});
afterAll(() => t.close());

const base = (importId: number) => `/api/v1/imports/${importId}/changes`;
const post = (cookie: string, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, ...clientHeaders }, payload: payload ?? {} });
const next = (cookie: string, importId: number, after?: number) =>
  post(cookie, `${base(importId)}/next${after === undefined ? '' : `?after=${after}`}`);
const claim = (cookie: string, importId: number, changeId: number, takeOver = false) =>
  post(cookie, `${base(importId)}/${changeId}/claim`, { TakeOver: takeOver });
const nextId = async (cookie: string, importId: number, after?: number) => {
  const response = await next(cookie, importId, after);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().Next?.Id as number | undefined) ?? null;
};

describe('operators on one import', () => {
  it('hands each operator a different row, also when they ask at once', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows(6));
    expect(await nextId(callers.operator, importId)).toBe(changeIds[0]);
    expect(await nextId(second.cookie, importId)).toBe(changeIds[1]);

    const others = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const account = await createAccount(t.database.db);
        return (await loginAs(t.app, account.email, account.password)).cookie;
      }),
    );
    const handed = await Promise.all(others.map((cookie) => nextId(cookie, importId)));
    expect(new Set(handed).size).toBe(4);
    expect([...handed].sort()).toEqual(changeIds.slice(2).sort());
    // Every row is someone's: nothing is left for a seventh operator, and the first keeps theirs.
    const late = await createAccount(t.database.db);
    expect(await nextId((await loginAs(t.app, late.email, late.password)).cookie, importId)).toBeNull();
  });

  it('goes on in file order after the open row, skipping others’ rows, wrapping, until none is left', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows(4));
    const [a, b, c, d] = changeIds as [number, number, number, number];
    expect((await claim(second.cookie, importId, c)).statusCode).toBe(200);
    expect(await nextId(callers.operator, importId, b)).toBe(d);
    expect(await nextId(callers.operator, importId, d)).toBe(a);
    expect(await nextId(callers.operator, importId, a)).toBe(b);
    // The import's progress names the same next row as the review's «Следующая запись».
    const open = (await reviewCalls(t, callers.operator).open(importId, b)).json();
    expect(open.Import.NextPending.Id).toBe(d);
    // The other operator's claim taken back: only the open row waits, so nothing is next.
    await t.app.inject({
      method: 'DELETE',
      url: `${base(importId)}/${c}/claim`,
      headers: { cookie: second.cookie, ...clientHeaders },
    });
    for (const id of [a, c, d]) {
      const review = (await reviewCalls(t, callers.operator).open(importId, id)).json();
      expect(
        (await post(callers.operator, `${base(importId)}/${id}/reject`, { reason: 'Дубль' })).statusCode,
      ).toBe(200);
      expect(review.ChangeStatus).toBe(0);
    }
    expect(await nextId(callers.operator, importId, b)).toBeNull();
  });

  it('keeps a claimed row its operator’s: read-only to others, refused to save, taken over with «Забрать»', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows(2));
    const row = changeIds[0]!;
    const own = await claim(callers.operator, importId, row);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ OperatorName: callers.operatorName, IsMine: true });

    const theirs = reviewCalls(t, second.cookie);
    const review = (await theirs.open(importId, row)).json();
    expect(review.Claim).toMatchObject({ OperatorName: callers.operatorName, IsMine: false });
    const until = formatDateTime(review.Claim.Until);
    const message = reviewTexts.claimedBy(callers.operatorName, until);
    const refusedSubmit = await theirs.submit(importId, row, 'new', acceptAll(review));
    expect(refusedSubmit.statusCode).toBe(409);
    expect(refusedSubmit.json().ErrorMessage).toBe(message);
    expect((await theirs.reject(importId, row, 'Не то')).json().ErrorMessage).toBe(message);
    expect((await claim(second.cookie, importId, row)).json().ErrorMessage).toBe(message);
    const pending = await importRows<PendingChange>(t, second.cookie, importId, 'pending');
    expect(pending.map((row) => row.ClaimedBy)).toEqual([callers.operatorName, null]);

    const taken = await claim(second.cookie, importId, row, true);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ OperatorName: second.name, IsMine: true });
    const mine = reviewCalls(t, callers.operator);
    const lost = await mine.submit(importId, row, 'new', acceptAll((await mine.open(importId, row)).json()));
    expect(lost.statusCode).toBe(409);
    expect(lost.json().ErrorMessage).toContain(second.name);

    const accepted = await theirs.submit(importId, row, 'new', acceptAll(review));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await theirs.open(importId, row)).json().Claim).toBeNull();
    // A handled row cannot be claimed, and the refusal says who handled it.
    const handled = await claim(callers.operator, importId, row);
    expect(handled.statusCode).toBe(409);
    expect(handled.json().ErrorMessage).toBe(reviewTexts.handledBy(second.name));
  });

  it('lets anyone take a row whose claim has run out, and forgets a released one', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows(1));
    const row = changeIds[0]!;
    expect((await claim(callers.operator, importId, row)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update import_changes set claimed_until = now() - interval '1 minute' where id = ${row}`,
    );
    expect((await reviewCalls(t, second.cookie).open(importId, row)).json().Claim).toBeNull();
    expect(await nextId(second.cookie, importId)).toBe(row);
    const released = await t.app.inject({
      method: 'DELETE',
      url: `${base(importId)}/${row}/claim`,
      headers: { cookie: second.cookie, ...clientHeaders },
    });
    expect(released.statusCode).toBe(204);
    expect((await reviewCalls(t, callers.operator).open(importId, row)).json().Claim).toBeNull();
  });

  it('hands an operator the row they hold, however many «next» requests they send at once', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows(4));
    const [a, , c] = changeIds as [number, number, number];
    // Holding «c» (its screen open), a 'next' from another row or none still answers «c».
    expect((await claim(callers.operator, importId, c)).statusCode).toBe(200);
    expect(await nextId(callers.operator, importId, a)).toBe(c);
    expect(await nextId(callers.operator, importId)).toBe(c);

    const bursts = await Promise.all(
      [callers.operator, second.cookie].map((cookie) =>
        Promise.all(Array.from({ length: 100 }, () => nextId(cookie, importId))),
      ),
    );
    expect(bursts.map((handed) => [...new Set(handed)])).toEqual([[c], [a]]);
    const held = await t.database.db
      .select({ id: importChanges.id })
      .from(importChanges)
      .where(and(eq(importChanges.importId, importId), isNotNull(importChanges.claimedById)))
      .orderBy(importChanges.id);
    expect(held.map((row) => row.id)).toEqual([a, c]);
  });

  it('keeps one claim per operator and import in the database itself', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows(2));
    expect(await nextId(callers.operator, importId)).toBe(changeIds[0]);
    const [holder] = await t.database.db
      .select({ id: importChanges.claimedById })
      .from(importChanges)
      .where(eq(importChanges.id, changeIds[0]!));
    await expect(
      t.database.db
        .update(importChanges)
        .set({ claimedById: holder!.id, claimedUntil: sql`now() + interval '10 minutes'` })
        .where(eq(importChanges.id, changeIds[1]!)),
    ).rejects.toThrow();
  });

  it('refuses the claim calls to SRO representatives and to another SRO’s import alike', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows(1));
    expect((await next(callers.representative, importId)).statusCode).toBe(403);
    expect((await claim(callers.representative, importId, changeIds[0]!)).statusCode).toBe(403);
    expect((await next(callers.operator, importId + 1000)).statusCode).toBe(404);
  });
});
