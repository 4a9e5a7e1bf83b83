import type { ChangeState, FinishedChange } from '@registry/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeProtocols, importChanges, interns } from '../../../db/schema/index.js';
import { clientHeaders, type TestApp } from '../../../test/build-test-app.js';
import { createIntern, personalInfo, saveIntern } from '../../../test/interns.js';
import { acceptAll, reviewRows, useReviewApp, type ReviewTest } from '../../../test/review.js';
import { importRows, upload, uploadRows } from '../../../test/uploads.js';
import { reviewTexts } from './review.service.js';
import { readWorkbook } from '../../../test/workbook.js';

/* Accepting and rejecting rows: status moves, counters, provenance, refusals and who may call. */

let t: TestApp;
let callers: ReviewTest['callers'];
let calls: ReviewTest['calls'];
useReviewApp((test) => ({ t, callers, calls } = test));
const { freshSnils, newRow, rowAbout } = reviewRows(300_000, 'Р');

const get = (url: string, cookie = callers.operator) => t.app.inject({ url, headers: { cookie } });

async function written() {
  const db = t.database.db;
  const [protocols] = await db.select({ n: count() }).from(changeProtocols);
  const [trainees] = await db.select({ n: count() }).from(interns);
  return { protocols: protocols!.n, trainees: trainees!.n };
}

async function accept(importId: number, changeId: number, intern?: number | 'new') {
  const review = (await calls.open(importId, changeId, intern)).json();
  return calls.submit(importId, changeId, review.Intern?.Id ?? 'new', acceptAll(review));
}

describe('accepting and rejecting rows', () => {
  it('moves the import from pending to being processed to processed, counting each row', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      newRow('Акимова'),
      newRow('Борисова'),
      newRow('Васильева'),
    ]);
    const first = await calls.open(importId, changeIds[0]!);
    expect(first.json().Import).toMatchObject({
      Status: 0,
      RowCount: 3,
      PendingCount: 3,
      NextPending: { Id: changeIds[1], RowNumber: 3, FullName: 'Борисова Мария Сергеевна' },
    });

    const accepted = await accept(importId, changeIds[0]!);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      Import: { Status: 1, PendingCount: 2, RejectedCount: 0, NextPending: { Id: changeIds[1] } },
      Intern: { FullName: 'Акимова Мария Сергеевна', Status: 0 },
      HasModified: true,
    });

    const rejected = await calls.reject(importId, changeIds[1]!, 'Неверный СНИЛС');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      Status: 1,
      PendingCount: 1,
      RejectedCount: 1,
      NextPending: { Id: changeIds[2] },
    });

    const last = await accept(importId, changeIds[2]!);
    expect(last.json().Import).toMatchObject({
      Status: 2,
      PendingCount: 0,
      RejectedCount: 1,
      NextPending: null,
    });

    const rowsOf = (state: ChangeState) => importRows(t, callers.operator, importId, state);
    expect(await rowsOf('pending')).toEqual([]);
    const finished = await importRows<FinishedChange>(t, callers.operator, importId, 'finished');
    expect(finished).toEqual([
      expect.objectContaining({
        Id: changeIds[0],
        InternId: accepted.json().Intern.Id,
        InternFullName: 'Акимова Мария Сергеевна',
        ProcessedBy: callers.operatorName,
      }),
      expect.objectContaining({ Id: changeIds[2], InternFullName: 'Васильева Мария Сергеевна' }),
    ]);
    expect(new Date(finished[0]!.ProcessedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await rowsOf('rejected')).toEqual([
      expect.objectContaining({
        Id: changeIds[1],
        RejectionReason: 'Неверный СНИЛС',
        ProcessedBy: callers.operatorName,
      }),
    ]);
  });

  it('writes the row into the trainee as a card save on the import’s incoming requisites, with its provenance', async () => {
    const snils = freshSnils();
    const card = await createIntern(t.app, callers.operator, {
      PersonalInfo: [personalInfo({ Snils: snils })],
    });
    const { importId, changeIds } = await uploadRows(
      t,
      callers.operator,
      callers.sro.id,
      [{ СНИЛС: snils, 'Статус стажировки': 'Завершена', 'Стажировка пройдена': 'Да' }],
      { number: '345-вх', date: '2026-11-21' },
    );
    const review = (await calls.open(importId, changeIds[0]!)).json();
    // The operator corrects the phone before saving: what is sent is what is saved.
    const body = acceptAll(review);
    (body.PersonalInfo as { Contacts: { PhoneNumber: string } }).Contacts.PhoneNumber = '+7 999 000-11-22';
    const response = await calls.submit(importId, changeIds[0]!, card.Id, body);
    expect(response.statusCode, response.body).toBe(200);
    // Completed internship with passed steps: admitted to the exam, as a card save derives it.
    expect(response.json().Intern).toEqual({ Id: card.Id, FullName: 'Иванова Мария Сергеевна', Status: 1 });

    const after = (await get(`/api/v1/interns/${card.Id}`)).json();
    expect(after.Version).toBe(card.Version + 1);
    expect(after.PersonalInfo[0].Contacts.PhoneNumber).toBe('+7 999 000-11-22');
    expect(after.Internships).toHaveLength(1);
    expect(after.Internships[0]).toMatchObject({ RegistryNumber: 'СТ-2025-001', Status: 3 });
    const protocol = after.ChangeProtocols.at(-1);
    expect(protocol).toMatchObject({
      Import: { Id: importId, Organization: { Id: callers.sro.id }, ChangeId: changeIds[0] },
      Requisites: { Number: '345-вх', Date: '2026-11-21' },
      OperatorName: callers.operatorName,
    });
    const history = (await get(`/api/v1/archives/PersonalInfo/${after.PersonalInfo[0].Id}`)).json();
    expect(history.at(-1)).toMatchObject({
      Kind: 'change',
      Protocol: { Import: { Id: importId, ChangeId: changeIds[0] } },
    });
    const internship = (await get(`/api/v1/archives/Internships/${after.Internships[0].Id}`)).json();
    expect(internship).toEqual([
      expect.objectContaining({ Kind: 'initial', KindName: 'Первичное внесение' }),
    ]);
  });

  it('refuses a handled row, a rejected import and another import’s row, and writes nothing', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      newRow('Глебова'),
      newRow('Денисова'),
    ]);
    expect((await accept(importId, changeIds[0]!)).statusCode).toBe(200);
    const before = await written();

    const again = await accept(importId, changeIds[0]!, 'new');
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorMessage).toBe(reviewTexts.handledBy(callers.operatorName));
    expect((await calls.reject(importId, changeIds[0]!, 'Повтор')).statusCode).toBe(409);

    const other = await uploadRows(t, callers.operator, callers.sro.id, [newRow('Егорова')]);
    const foreign = await calls.open(importId, other.changeIds[0]!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().ErrorMessage).toBe(reviewTexts.changeNotFound);
    expect((await calls.reject(importId, other.changeIds[0]!, 'Чужая')).statusCode).toBe(404);

    const review = (await calls.open(importId, changeIds[1]!)).json();
    const rejectImport = await t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${importId}/reject`,
      headers: { cookie: callers.operator, ...clientHeaders },
      payload: { reason: 'Протокол не подписан' },
    });
    expect(rejectImport.statusCode, rejectImport.body).toBe(200);
    const late = await calls.submit(importId, changeIds[1]!, 'new', acceptAll(review));
    expect(late.statusCode).toBe(409);
    expect(late.json().ErrorMessage).toBe(reviewTexts.importRejected);
    expect((await calls.reject(importId, changeIds[1]!, 'Поздно')).statusCode).toBe(409);
    expect(await written()).toEqual(before);
    const [row] = await t.database.db.select().from(importChanges).where(eq(importChanges.id, changeIds[1]!));
    expect(row!.status).toBe(0);
  });

  it('refuses a row whose trainee’s card was saved since it was opened, and loses neither save', async () => {
    const snils = freshSnils();
    const card = await createIntern(t.app, callers.operator, {
      PersonalInfo: [personalInfo({ Snils: snils })],
    });
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [rowAbout(snils)]);
    const review = (await calls.open(importId, changeIds[0]!)).json();
    const edit = await saveIntern(t.app, callers.operator, card.Id, {
      Version: card.Version,
      PersonalInfo: [{ ...card.PersonalInfo[0], PatronymicName: 'Андреевна' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const stale = await calls.submit(importId, changeIds[0]!, card.Id, acceptAll(review));
    expect(stale.statusCode).toBe(409);
    const after = (await get(`/api/v1/interns/${card.Id}`)).json();
    expect(after.PersonalInfo[0].PatronymicName).toBe('Андреевна');
    // Opened again, the row is compared with the saved card and goes in.
    expect((await accept(importId, changeIds[0]!)).statusCode).toBe(200);
  });

  it('asks for the import’s incoming requisites before a row can be accepted', async () => {
    const { importId, changeIds } = await uploadRows(
      t,
      callers.operator,
      callers.sro.id,
      [newRow('Жарова')],
      null,
    );
    const before = await written();
    const response = await accept(importId, changeIds[0]!);
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe(reviewTexts.requisitesMissing);
    expect(await written()).toEqual(before);
    // A rejection needs no basis document.
    expect((await calls.reject(importId, changeIds[0]!, 'Нет данных')).statusCode).toBe(200);
  });

  it('reads the import’s progress again for an open row, with requisites filled since it opened', async () => {
    const { importId, changeIds } = await uploadRows(
      t,
      callers.operator,
      callers.sro.id,
      [newRow('Зуева'), newRow('Игнатова')],
      null,
    );
    const progressOf = (changeId: number, cookie?: string) =>
      get(`/api/v1/imports/${importId}/changes/${changeId}/progress`, cookie);
    const opened = (await calls.open(importId, changeIds[0]!)).json();
    expect(opened.Import.Requisites).toMatchObject({ Number: null, Date: null });

    const filled = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/imports/${importId}/`,
      headers: { cookie: callers.operator, ...clientHeaders },
      payload: { Number: '5-вх', Date: '2026-11-25' },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const response = await progressOf(changeIds[0]!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...opened.Import,
      Requisites: { ...opened.Import.Requisites, Number: '5-вх', Date: '2026-11-25' },
      Status: response.json().Status,
    });
    expect(response.json().NextPending).toMatchObject({ Id: changeIds[1] });
    expect((await progressOf(changeIds[0]!, callers.representative)).statusCode).toBe(403);
  });

  it('refuses a new trainee that carries the entries of an existing one, and a deleted trainee', async () => {
    const snils = freshSnils();
    const card = await createIntern(t.app, callers.operator, {
      PersonalInfo: [personalInfo({ Snils: snils })],
    });
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [{ СНИЛС: snils }]);
    const review = (await calls.open(importId, changeIds[0]!)).json();
    const asNew = await calls.submit(importId, changeIds[0]!, 'new', acceptAll(review));
    expect(asNew.statusCode).toBe(400);
    expect(asNew.json().ErrorMessage).toBe(reviewTexts.newWithExisting);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interns/${card.Id}`,
      headers: { cookie: callers.operator, ...clientHeaders },
    });
    const deleted = await calls.submit(importId, changeIds[0]!, card.Id, acceptAll(review));
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().ErrorMessage).toBe(reviewTexts.internDeleted);
  });

  it('shows a handled row with who handled it, and links a card to the rows waiting for it', async () => {
    const snils = freshSnils();
    const card = await createIntern(t.app, callers.operator, {
      PersonalInfo: [personalInfo({ Snils: snils })],
    });
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [{ СНИЛС: snils }]);
    const waiting = (await get(`/api/v1/interns/${card.Id}`)).json();
    expect(waiting).toMatchObject({
      HasPendingImport: true,
      PendingImportRows: [{ ImportId: importId, ChangeId: changeIds[0], RowNumber: 2 }],
    });
    await calls.reject(importId, changeIds[0]!, 'Дубль');
    const shown = (await calls.open(importId, changeIds[0]!)).json();
    expect(shown).toMatchObject({
      ChangeStatus: 2,
      RejectionReason: 'Дубль',
      ProcessedBy: callers.operatorName,
    });
    expect((await get(`/api/v1/interns/${card.Id}`)).json()).toMatchObject({
      HasPendingImport: false,
      PendingImportRows: [],
    });
  });
});

describe('the rejected rows’ file', () => {
  it('gives the rejected rows in the template’s columns with the reason, and reads back as a change file', async () => {
    const rows = [newRow('Зайцева'), newRow('Ильина')];
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, rows);
    await calls.reject(importId, changeIds[1]!, 'Не указана дата рождения');

    const response = await get(`/api/v1/imports/${importId}/rejected-rows`, callers.representative);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('rejected-rows');
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.getWorksheet('Данные')!;
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(headers).toHaveLength(66);
    expect(headers.slice(0, 4)).toEqual(['Фамилия *', 'Имя *', 'Отчество', 'СНИЛС *']);
    expect(headers.at(-1)).toBe('Причина отклонения');
    expect(sheet.rowCount).toBe(2);
    const row = (sheet.getRow(2).values as string[]).slice(1);
    expect(row[0]).toBe('Ильина');
    expect(row[3]).toBe(rows[1]!.СНИЛС);
    expect(row.at(-1)).toBe('Не указана дата рождения');

    // Corrected and sent again, it is a change file like any other.
    const again = await upload(t, '/api/v1/imports', callers.operator, [
      { field: 'data', content: JSON.stringify({ organizationId: callers.sro.id }) },
      { field: 'file', name: 'исправлено.xlsx', content: response.rawPayload },
    ]);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().RowCount).toBe(1);
  });

  it('is refused to another SRO’s representative and to anonymous callers', async () => {
    const { importId } = await uploadRows(t, callers.operator, callers.sro.id, [newRow('Климова')]);
    expect(
      (await get(`/api/v1/imports/${importId}/rejected-rows`, callers.otherRepresentative)).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/imports/${importId}/rejected-rows` })).statusCode).toBe(401);
    expect((await get(`/api/v1/imports/${importId}/rejected-rows`)).statusCode).toBe(200);
  });
});

describe('who may review', () => {
  it('refuses every changes call to anonymous callers (401) and SRO representatives (403)', async () => {
    const { importId, changeIds } = await uploadRows(t, callers.operator, callers.sro.id, [
      newRow('Лебедева'),
    ]);
    const base = `/api/v1/imports/${importId}/changes/${changeIds[0]}`;
    const requests = [
      { method: 'GET' as const, url: base },
      { method: 'POST' as const, url: `${base}/submit/new`, payload: {} },
      { method: 'POST' as const, url: `${base}/reject`, payload: { reason: 'Причина' } },
    ];
    for (const request of requests) {
      const anonymous = await t.app.inject({ ...request, headers: clientHeaders });
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
      const representative = await t.app.inject({
        ...request,
        headers: { ...clientHeaders, cookie: callers.representative },
      });
      expect(representative.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    const [row] = await t.database.db.select().from(importChanges).where(eq(importChanges.id, changeIds[0]!));
    expect(row!.status).toBe(0);
  });
});
