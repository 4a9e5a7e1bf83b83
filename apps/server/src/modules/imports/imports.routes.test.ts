import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createOrganization } from '../../test/factories.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../test/build-test-app.js';
import { createStoredImport, samplePdf } from '../../test/imports.js';
import { readWorkbook } from '../../test/workbook.js';

let t: TestApp;
let operator: { cookie: string };
let clerk: { cookie: string };
let otherClerk: { cookie: string };
let sro: { id: number; name: string };
let otherSro: { id: number; name: string };
let clerkAccountId: number;
let operatorAccountId: number;

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Кадастровые инженеры Поволжья»' });
  otherSro = await createOrganization(t.database.db, { name: 'СРО «Кадастровые инженеры Урала»' });
  const op = await createAccount(t.database.db);
  const rep = await createAccount(t.database.db, {
    organizationId: sro.id,
    fullName: 'Захарова Анна Сергеевна',
  });
  const otherRep = await createAccount(t.database.db, { organizationId: otherSro.id });
  operatorAccountId = op.id;
  clerkAccountId = rep.id;
  operator = await loginAs(t.app, op.email, op.password);
  clerk = await loginAs(t.app, rep.email, rep.password);
  otherClerk = await loginAs(t.app, otherRep.email, otherRep.password);
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: unknown) =>
  t.app.inject({ method, url, headers: { cookie, ...clientHeaders }, payload: payload as object });

describe('the import list', () => {
  it('shows each tab its statuses, newest first, and an SRO only its own imports', async () => {
    const base = Date.parse('2026-10-01T10:00:00Z');
    const at = (hours: number) => new Date(base + hours * 3_600_000);
    const pending = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      importedAt: at(1),
    });
    const processing = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: operatorAccountId,
      importedAt: at(2),
      status: 1,
    });
    const done = await createStoredImport(t.database.db, {
      organizationId: otherSro.id,
      importedById: operatorAccountId,
      importedAt: at(3),
      status: 2,
    });
    const rejected = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      importedAt: at(4),
      status: 3,
    });

    const ids = async (url: string, cookie: string) =>
      (await get(url, cookie)).json().Results.map((row: { Id: number }) => row.Id);
    expect(await ids('/api/v1/imports?page=0', operator.cookie)).toEqual([
      rejected.id,
      done.id,
      processing.id,
      pending.id,
    ]);
    expect(await ids('/api/v1/imports/pending', operator.cookie)).toEqual([processing.id, pending.id]);
    expect(await ids('/api/v1/imports/completed', operator.cookie)).toEqual([done.id]);
    expect(await ids('/api/v1/imports/rejected', operator.cookie)).toEqual([rejected.id]);
    expect(await ids('/api/v1/imports', clerk.cookie)).toEqual([rejected.id, processing.id, pending.id]);
    expect(await ids('/api/v1/imports', otherClerk.cookie)).toEqual([done.id]);

    const row = (await get('/api/v1/imports/pending', operator.cookie)).json().Results[1];
    expect(row).toMatchObject({
      Organization: { Id: sro.id, Name: sro.name },
      ImportedBy: { FullName: 'Захарова Анна Сергеевна', Organization: { Id: sro.id, Name: sro.name } },
      FileName: 'изменения.xlsx',
      File: { Name: 'изменения.xlsx', Extension: 'xlsx', NominalExtension: 'xlsx' },
      Status: 0,
      RowCount: 1,
      PendingCount: 1,
      OrganizationRequisites: { Number: 'Исх-15', Date: '2026-11-20' },
    });
  });

  it('counts days left to the deadline, rounded up, and overdue ones as 0 or less', async () => {
    const now = Date.now();
    const soon = await createStoredImport(t.database.db, {
      organizationId: otherSro.id,
      importedById: operatorAccountId,
      deadlineAt: new Date(now + 1.2 * 86_400_000),
    });
    const late = await createStoredImport(t.database.db, {
      organizationId: otherSro.id,
      importedById: operatorAccountId,
      deadlineAt: new Date(now - 3.5 * 86_400_000),
    });
    expect((await get(`/api/v1/imports/${soon.id}`, operator.cookie)).json().ExpiresInDays).toBe(2);
    expect((await get(`/api/v1/imports/${late.id}`, operator.cookie)).json().ExpiresInDays).toBe(-3);
  });

  it('feeds the menu badge with the imports waiting for an operator', async () => {
    const before = (await get('/api/v1/account/stats', operator.cookie)).json().PendingImportsCount;
    await createStoredImport(t.database.db, { organizationId: sro.id, importedById: clerkAccountId });
    expect((await get('/api/v1/account/stats', operator.cookie)).json().PendingImportsCount).toBe(before + 1);
  });
});

describe('an import', () => {
  it('lists its rows by state and its documents', async () => {
    const created = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      withDocuments: true,
      rows: [
        { fullName: 'Алексеев Пётр Ильич', snils: '112-233-445 95' },
        { fullName: 'Борисова Ольга Петровна', snils: null, status: 1 },
        { fullName: 'Васильев Кирилл Андреевич', snils: '087-654-303 00', status: 2 },
        { fullName: 'Григорьева Анна Львовна', snils: null },
      ],
    });
    const response = await get(`/api/v1/imports/${created.id}`, clerk.cookie);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    const rowsOf = async (state: string) =>
      (await get(`/api/v1/imports/${created.id}/changes?state=${state}`, clerk.cookie)).json().Results;
    const [first, second, third, fourth] = created.changeIds;
    expect(await rowsOf('pending')).toEqual([
      {
        State: 'pending',
        Id: first,
        RowNumber: 2,
        FullName: 'Алексеев Пётр Ильич',
        Snils: '112-233-445 95',
        ClaimedBy: null,
      },
      {
        State: 'pending',
        Id: fourth,
        RowNumber: 5,
        FullName: 'Григорьева Анна Львовна',
        Snils: null,
        ClaimedBy: null,
      },
    ]);
    expect(await rowsOf('finished')).toEqual([
      {
        State: 'finished',
        Id: second,
        RowNumber: 3,
        FullName: 'Борисова Ольга Петровна',
        Snils: null,
        ProcessedBy: null,
        ProcessedAt: null,
      },
    ]);
    expect(await rowsOf('rejected')).toEqual([
      {
        State: 'rejected',
        Id: third,
        RowNumber: 4,
        FullName: 'Васильев Кирилл Андреевич',
        Snils: '087-654-303 00',
        RejectionReason: 'Не указан СНИЛС',
        RejectionId: null,
        ProcessedBy: null,
        ProcessedAt: null,
      },
    ]);
    expect(detail).toMatchObject({
      Id: created.id,
      RowCount: 4,
      StateCounts: { pending: 2, claimed: 0, finished: 1, rejected: 1 },
      FirstPendingId: first,
      Rejection: null,
      Protocol: { Id: created.protocolFileId, Name: 'протокол.pdf', Extension: 'pdf' },
      Letter: { Id: created.letterFileId, Name: 'письмо.pdf' },
      ProtocolSignature: null,
    });
  });

  it('is not found for another SRO, whatever id it probes', async () => {
    const created = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      withDocuments: true,
    });
    for (const url of [
      `/api/v1/imports/${created.id}`,
      `/api/v1/imports/${created.id}/changes`,
      `/api/v1/imports/${created.id}/files/${created.protocolFileId}`,
      `/api/v1/files/${created.protocolFileId}`,
      `/api/v1/files/${created.fileId}/download`,
    ]) {
      const response = await get(url, otherClerk.cookie);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await get(`/api/v1/imports/${created.id}`, clerk.cookie)).statusCode).toBe(200);
  });

  it('lets operators edit the requisites, and only operators', async () => {
    const created = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
    });
    const body = {
      Number: 'Вх-2031',
      Date: '2026-11-21',
      OrganizationNumber: 'Исх-16',
      OrganizationDate: '2026-11-19',
    };
    expect((await send('PUT', `/api/v1/imports/${created.id}/`, clerk.cookie, body)).statusCode).toBe(403);
    const edited = await send('PUT', `/api/v1/imports/${created.id}/`, operator.cookie, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      Requisites: { Number: 'Вх-2031', Date: '2026-11-21' },
      OrganizationRequisites: { Number: 'Исх-16', Date: '2026-11-19' },
    });
    const invalid = await send('PUT', `/api/v1/imports/${created.id}`, operator.cookie, {
      Number: '',
      Date: '2026-02-30',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().Info).toEqual([
      '«Number»: Данное поле обязательно для заполнения',
      '«Date»: Неверная дата',
    ]);
  });
});

describe('rejecting a whole import', () => {
  it('stores the reason and a file of the rows for the SRO, then refuses a second rejection', async () => {
    const created = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      rows: [
        { fullName: 'Гусев Олег Павлович', snils: '112-233-445 95' },
        { fullName: 'Демидова Нина Юрьевна', snils: null },
      ],
    });
    const reason = 'Протокол не подписан уполномоченным лицом';
    expect(
      (await send('POST', `/api/v1/imports/${created.id}/reject`, clerk.cookie, { reason })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/v1/imports/${created.id}/reject`, operator.cookie, { reason: '  ' }))
        .statusCode,
    ).toBe(400);

    const rejected = await send('POST', `/api/v1/imports/${created.id}/reject`, operator.cookie, { reason });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ Status: 3, Rejection: { Reason: reason } });

    // The SRO sees the reason and downloads the rejection file.
    const seen = (await get(`/api/v1/imports/${created.id}`, clerk.cookie)).json();
    expect(seen.Rejection.Reason).toBe(reason);
    const file = await get(`/api/v1/files/rejections/${seen.Rejection.Id}`, clerk.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".*"; filename\*=UTF-8''/);
    const workbook = await readWorkbook(file.rawPayload);
    const rows = workbook.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Строка файла', 'ФИО', 'СНИЛС', 'Основание отклонения'],
      [2, 'Гусев Олег Павлович', '112-233-445 95', reason],
      [3, 'Демидова Нина Юрьевна', '', reason],
    ]);

    const again = await send('POST', `/api/v1/imports/${created.id}/reject`, operator.cookie, { reason });
    expect(again.statusCode).toBe(409);
    const processed = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      status: 2,
    });
    expect(
      (await send('POST', `/api/v1/imports/${processed.id}/reject`, operator.cookie, { reason })).statusCode,
    ).toBe(409);
  });

  it('serves a rejection link only for a rejection file', async () => {
    const created = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      withDocuments: true,
    });
    expect(
      (await get(`/api/v1/files/rejections/${created.protocolFileId}`, operator.cookie)).statusCode,
    ).toBe(404);
  });
});

describe('files', () => {
  it('are served inline and as downloads with their type, a UTF-8 name and nosniff', async () => {
    const created = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      withDocuments: true,
    });
    const info = await get(`/api/v1/imports/${created.id}/files/${created.protocolFileId}`, clerk.cookie);
    expect(info.json()).toEqual({
      Id: created.protocolFileId,
      Name: 'протокол.pdf',
      Size: samplePdf.length,
      NominalExtension: 'pdf',
      Extension: 'pdf',
    });

    const inline = await get(`/api/v1/files/${created.protocolFileId}`, operator.cookie);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="file-${created.protocolFileId}.pdf"; filename*=UTF-8''${encodeURIComponent('протокол.pdf')}`,
    );
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.rawPayload.equals(samplePdf)).toBe(true);

    const download = await get(`/api/v1/files/${created.letterFileId}/download`, clerk.cookie);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect((await get(`/api/v1/imports/${created.id}/files/999999`, operator.cookie)).statusCode).toBe(404);
  });
});

describe('who may call', () => {
  it('refuses anonymous callers everywhere and SRO representatives the operator actions', async () => {
    const created = await createStoredImport(t.database.db, {
      organizationId: sro.id,
      importedById: clerkAccountId,
      withDocuments: true,
    });
    const urls = [
      '/api/v1/imports',
      '/api/v1/imports/pending',
      '/api/v1/imports/completed',
      '/api/v1/imports/rejected',
      `/api/v1/imports/${created.id}`,
      `/api/v1/imports/${created.id}/changes`,
      `/api/v1/imports/${created.id}/files/${created.protocolFileId}`,
      `/api/v1/files/${created.protocolFileId}`,
      `/api/v1/files/${created.protocolFileId}/download`,
    ];
    for (const url of urls) expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    const writes = [
      { method: 'PUT', url: `/api/v1/imports/${created.id}`, payload: { Number: '1', Date: '2026-11-21' } },
      { method: 'POST', url: `/api/v1/imports/${created.id}/reject`, payload: { reason: 'x' } },
    ] as const;
    for (const call of writes) {
      expect((await t.app.inject({ ...call, headers: clientHeaders })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ ...call, headers: { ...clientHeaders, cookie: clerk.cookie } })).statusCode,
      ).toBe(403);
    }
  });
});
