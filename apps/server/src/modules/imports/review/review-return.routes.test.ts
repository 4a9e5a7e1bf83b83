import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDate, rowReturnTexts, toDateValue, undoBasisNumber, type ChangeState } from '@registry/shared';
import { changeProtocols, importChanges } from '../../../db/schema/index.js';
import { clientHeaders } from '../../../test/build-test-app.js';
import { createIntern, personalInfo, saveIntern } from '../../../test/interns.js';
import { acceptAll, reviewRows, useReviewApp, type ReviewTest } from '../../../test/review.js';
import { importRows, uploadRows } from '../../../test/uploads.js';
import { reviewTexts } from './review.service.js';

/* 'Вернуть в обработку' and 'Отменить внесение': a handled row back to pending, the trainee as before. */

let suite: ReviewTest;
useReviewApp((test) => (suite = test));
const { freshSnils, newRow, rowAbout } = reviewRows(700_000, 'В');

const get = (url: string, cookie = suite.callers.operator) =>
  suite.t.app.inject({ url, headers: { cookie } });
const putBack = (
  action: 'return' | 'undo',
  importId: number,
  changeId: number,
  cookie = suite.callers.operator,
) =>
  suite.t.app.inject({
    method: 'POST',
    url: `/api/v1/imports/${importId}/changes/${changeId}/${action}`,
    headers: { cookie, ...clientHeaders },
  });
const rowIdsOf = async (importId: number, state: ChangeState) =>
  (await importRows(suite.t, suite.callers.operator, importId, state)).map((row) => row.Id);

async function accept(importId: number, changeId: number, intern?: number | 'new') {
  const review = (await suite.calls.open(importId, changeId, intern)).json();
  const response = await suite.calls.submit(
    importId,
    changeId,
    review.Intern?.Id ?? 'new',
    acceptAll(review),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A trainee of the register with its personal data, and an upload of a row about them changing the patronymic. */
async function traineeWithRow(patronymic: string, more: Record<string, unknown>[] = []) {
  const snils = freshSnils();
  const card = await createIntern(suite.t.app, suite.callers.operator, {
    PersonalInfo: [personalInfo({ Snils: snils })],
  });
  const rows = [rowAbout(snils, { Отчество: patronymic }), ...more];
  return { card, ...(await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, rows)) };
}

async function rowOf(changeId: number) {
  const [row] = await suite.t.database.db.select().from(importChanges).where(eq(importChanges.id, changeId));
  return row!;
}

async function protocolsOf(changeId: number) {
  const [row] = await suite.t.database.db
    .select({ n: count() })
    .from(changeProtocols)
    .where(eq(changeProtocols.importChangeId, changeId));
  return row!.n;
}

/** What a card shows of the trainee, without what every save moves (its version, its protocols). */
function cardState(card: Record<string, unknown>) {
  const { Version: _version, ChangeProtocols: _protocols, ...state } = card;
  return state;
}

async function reviewFigures() {
  const today = new Date();
  const day = (offset: number) => toDateValue(new Date(today.getTime() + offset * 86_400_000));
  const response = await get(
    `/api/v1/stats/organizations?from=${day(-1)}&to=${day(1)}&org=${suite.callers.sro.id}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const { RowsAccepted, RowsRejected } = response.json().Totals;
  return { RowsAccepted, RowsRejected };
}

describe('returning a rejected row', () => {
  it('puts it back to pending, moves the import back to being processed, and lets it be accepted', async () => {
    const { importId, changeIds } = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [
      newRow('Абрамова'),
    ]);
    const figures = await reviewFigures();
    const rejected = await suite.calls.reject(importId, changeIds[0]!, 'Неверный СНИЛС');
    expect(rejected.json()).toMatchObject({ Status: 2, PendingCount: 0, RejectedCount: 1 });
    expect(await reviewFigures()).toEqual({ ...figures, RowsRejected: figures.RowsRejected + 1 });

    const returned = await putBack('return', importId, changeIds[0]!);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      Status: 1,
      PendingCount: 1,
      RejectedCount: 0,
      NextPending: { Id: changeIds[0] },
    });
    expect(await rowIdsOf(importId, 'pending')).toEqual([changeIds[0]]);
    expect(await rowIdsOf(importId, 'rejected')).toEqual([]);
    // The row keeps its latest handling: who returned it and when.
    const row = await rowOf(changeIds[0]!);
    expect(row).toMatchObject({ status: 0, rejectionReason: null });
    expect(row.processedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await reviewFigures()).toEqual(figures);

    const accepted = await accept(importId, changeIds[0]!);
    expect(accepted.Import).toMatchObject({ Status: 2, PendingCount: 0, RejectedCount: 0 });
    expect(await reviewFigures()).toEqual({ ...figures, RowsAccepted: figures.RowsAccepted + 1 });
  });
});

describe('undoing an accepted row', () => {
  it('restores the trainee’s values exactly, on a basis of its own, and puts the row back', async () => {
    const snils = freshSnils();
    const card = await createIntern(suite.t.app, suite.callers.operator, {
      PersonalInfo: [personalInfo({ Snils: snils, Contacts: { PhoneNumber: '+7 900 111-22-33' } })],
    });
    const { importId, changeIds } = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [
      rowAbout(snils, { Отчество: 'Петровна', 'Статус стажировки': 'Завершена' }),
      newRow('Бойко'),
    ]);
    // Read with the row waiting for it, as it waits again once undone.
    const before = (await get(`/api/v1/interns/${card.Id}`)).json();
    expect(await accept(importId, changeIds[1]!, 'new')).toMatchObject({ HasModified: true });
    const accepted = await accept(importId, changeIds[0]!);
    expect(accepted).toMatchObject({ HasModified: true, Import: { Status: 2, PendingCount: 0 } });
    const changed = (await get(`/api/v1/interns/${card.Id}`)).json();
    expect(changed.PersonalInfo[0].PatronymicName).toBe('Петровна');
    expect(changed.Internships).toHaveLength(1);
    const figures = await reviewFigures();

    const undone = await putBack('undo', importId, changeIds[0]!);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ Status: 1, PendingCount: 1, NextPending: { Id: changeIds[0] } });
    const after = (await get(`/api/v1/interns/${card.Id}`)).json();
    expect(cardState(after)).toEqual(cardState(before));
    expect(after.Version).toBe(changed.Version + 1);
    expect(await reviewFigures()).toEqual({ ...figures, RowsAccepted: figures.RowsAccepted - 1 });

    // History stays append-only: the undo is a version of its own on 'Отмена внесения по импорту №…'.
    const basis = {
      Import: { Id: importId, ChangeId: changeIds[0] },
      Requisites: { Number: undoBasisNumber('17-вх'), Date: toDateValue(new Date()) },
      OperatorName: suite.callers.operatorName,
    };
    expect(after.ChangeProtocols.at(-1)).toMatchObject(basis);
    const personal = (await get(`/api/v1/archives/PersonalInfo/${before.PersonalInfo[0].Id}`)).json();
    expect(personal.map((version: { Kind: string }) => version.Kind)).toEqual([
      'initial',
      'change',
      'change',
    ]);
    expect(personal.at(-1)).toMatchObject({
      Protocol: basis,
      Data: { PatronymicName: 'Викторовна' },
      PreviousData: { PatronymicName: 'Петровна' },
    });
    const added = (await get(`/api/v1/archives/Internships/${changed.Internships[0].Id}`)).json();
    expect(added.map((version: { Kind: string }) => version.Kind)).toEqual(['initial', 'removal']);

    expect(await rowIdsOf(importId, 'pending')).toEqual([changeIds[0]]);
    expect(await rowIdsOf(importId, 'finished')).toEqual([changeIds[1]]);
    expect(await rowOf(changeIds[0]!)).toMatchObject({ status: 0, internId: null });

    // Accepted again, then undone again: the second accept is the one reverted.
    await accept(importId, changeIds[0]!);
    expect((await putBack('undo', importId, changeIds[0]!)).statusCode).toBe(200);
    expect(cardState((await get(`/api/v1/interns/${card.Id}`)).json())).toEqual(cardState(before));
  });

  it('deletes a trainee the accept created, freeing its SNILS for the row accepted again', async () => {
    const { importId, changeIds } = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [
      newRow('Власова'),
    ]);
    const accepted = await accept(importId, changeIds[0]!, 'new');
    const undone = await putBack('undo', importId, changeIds[0]!);
    expect(undone.statusCode, undone.body).toBe(200);
    const card = (await get(`/api/v1/interns/${accepted.Intern.Id}`)).json();
    expect(card.IsDeleted).toBe(true);
    expect(card.ChangeProtocols.at(-1).Requisites.Number).toBe(undoBasisNumber('17-вх'));
    const again = await accept(importId, changeIds[0]!);
    expect(again.Intern.Id).not.toBe(accepted.Intern.Id);
  });

  it('only returns a row accepted without changes, writing nothing', async () => {
    const row = newRow('Гусева');
    const first = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [row]);
    await accept(first.importId, first.changeIds[0]!, 'new');
    // The same row sent again changes nothing.
    const { importId, changeIds } = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [
      row,
    ]);
    expect(await accept(importId, changeIds[0]!)).toMatchObject({ HasModified: false });
    const undone = await putBack('undo', importId, changeIds[0]!);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ Status: 1, PendingCount: 1 });
    expect(await protocolsOf(changeIds[0]!)).toBe(0);
  });

  it('is refused while the trainee has a later change, naming it, and writes nothing', async () => {
    const { card, importId, changeIds } = await traineeWithRow('Ильинична');
    await accept(importId, changeIds[0]!);
    const changed = (await get(`/api/v1/interns/${card.Id}`)).json();
    const edit = await saveIntern(
      suite.t.app,
      suite.callers.operator,
      card.Id,
      { Version: changed.Version, PersonalInfo: [{ ...changed.PersonalInfo[0], FirstName: 'Анна' }] },
      { basis: { number: '88-П', date: '2026-11-25' } },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const later = (await get(`/api/v1/interns/${card.Id}`)).json();

    const refused = await putBack('undo', importId, changeIds[0]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorMessage).toContain(`«88-П» от ${formatDate('2026-11-25')}`);
    expect((await get(`/api/v1/interns/${card.Id}`)).json()).toEqual(later);
    expect(await rowOf(changeIds[0]!)).toMatchObject({ status: 1, internId: card.Id });
  });

  it('is refused for a deleted trainee', async () => {
    const { card, ...other } = await traineeWithRow('Олеговна');
    await accept(other.importId, other.changeIds[0]!);
    await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interns/${card.Id}`,
      headers: { cookie: suite.callers.operator, ...clientHeaders },
    });
    const refused = await putBack('undo', other.importId, other.changeIds[0]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorMessage).toBe(rowReturnTexts.internDeleted);
    expect((await rowOf(other.changeIds[0]!)).status).toBe(1);
  });
});

describe('refusals', () => {
  it('refuses a row not in the state the call undoes, another import’s row and a rejected import', async () => {
    const { importId, changeIds } = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [
      newRow('Ершова'),
      newRow('Жукова'),
      newRow('Зуева'),
    ]);
    const [pending, finished, rejected] = changeIds as [number, number, number];
    await accept(importId, finished, 'new');
    await suite.calls.reject(importId, rejected, 'Нет данных');
    const expectRefused = async (
      action: 'return' | 'undo',
      changeId: number,
      status: number,
      message: string,
    ) => {
      const response = await putBack(action, importId, changeId);
      expect(response.statusCode, `${action} ${changeId}`).toBe(status);
      expect(response.json().ErrorMessage).toBe(message);
    };
    await expectRefused('return', pending, 409, rowReturnTexts.notRejected);
    await expectRefused('undo', pending, 409, rowReturnTexts.notFinished);
    await expectRefused('return', finished, 409, rowReturnTexts.notRejected);
    await expectRefused('undo', rejected, 409, rowReturnTexts.notFinished);
    const other = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [newRow('Исаева')]);
    await expectRefused('return', other.changeIds[0]!, 404, reviewTexts.changeNotFound);

    const rejectImport = await suite.t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${importId}/reject`,
      headers: { cookie: suite.callers.operator, ...clientHeaders },
      payload: { reason: 'Протокол не подписан' },
    });
    expect(rejectImport.statusCode, rejectImport.body).toBe(200);
    await expectRefused('return', rejected, 409, reviewTexts.importRejected);
    await expectRefused('undo', finished, 409, reviewTexts.importRejected);
    expect(await rowOf(rejected)).toMatchObject({ status: 2 });
  });

  it('refuses anonymous callers (401) and SRO representatives (403)', async () => {
    const { importId, changeIds } = await uploadRows(suite.t, suite.callers.operator, suite.callers.sro.id, [
      newRow('Кузина'),
      newRow('Лаптева'),
    ]);
    await accept(importId, changeIds[0]!, 'new');
    await suite.calls.reject(importId, changeIds[1]!, 'Дубль');
    for (const [action, changeId] of [
      ['undo', changeIds[0]!],
      ['return', changeIds[1]!],
    ] as const) {
      const url = `/api/v1/imports/${importId}/changes/${changeId}/${action}`;
      expect((await suite.t.app.inject({ method: 'POST', url, headers: clientHeaders })).statusCode).toBe(
        401,
      );
      expect((await putBack(action, importId, changeId, suite.callers.representative)).statusCode).toBe(403);
    }
    expect((await rowOf(changeIds[0]!)).status).toBe(1);
    expect((await rowOf(changeIds[1]!)).status).toBe(2);
  });
});

describe('two operators at once', () => {
  it('undoes a row once and returns a row once', async () => {
    const { card, importId, changeIds } = await traineeWithRow('Романовна', [newRow('Миронова')]);
    await accept(importId, changeIds[0]!);
    await suite.calls.reject(importId, changeIds[1]!, 'Дубль');

    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => putBack('undo', importId, changeIds[0]!)),
      ...Array.from({ length: 4 }, () => putBack('return', importId, changeIds[1]!)),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.slice(0, 4).sort()).toEqual([200, 409, 409, 409]);
    expect(statuses.slice(4).sort()).toEqual([200, 409, 409, 409]);
    const undoProtocols = await suite.t.database.db
      .select({ n: count() })
      .from(changeProtocols)
      .where(
        and(eq(changeProtocols.internId, card.Id), eq(changeProtocols.number, undoBasisNumber('17-вх'))),
      );
    expect(undoProtocols[0]!.n).toBe(1);
    const detail = (await get(`/api/v1/imports/${importId}`)).json();
    expect(detail).toMatchObject({ Status: 1, PendingCount: 2, RejectedCount: 0 });
    expect((await get(`/api/v1/interns/${card.Id}`)).json().PersonalInfo[0].PatronymicName).toBe(
      'Викторовна',
    );
  });
});
