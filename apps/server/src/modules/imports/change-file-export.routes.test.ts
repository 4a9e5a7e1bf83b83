import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import {
  AuditAction,
  auditDetailLines,
  ImportStatus,
  type AuditEvent,
  type ChangeReview,
  type Import,
  type SubmitChange,
  type UnchangedChange,
} from '@registry/shared';
import { sqlRows } from '../../lib/sql-rows.js';
import { createCallers, type Callers } from '../../test/api.js';
import { buildTestApp, loginAs, type TestApp } from '../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../test/factories.js';
import { createIntern, internship, personalInfo, saveIntern } from '../../test/interns.js';
import { reviewCalls } from '../../test/review.js';
import { importRows, upload, uploadFile } from '../../test/uploads.js';
import { readWorkbook } from '../../test/workbook.js';
import { loadChangeFileSecret, verifyKeys } from './change-file-keys.js';
import { KEYS_SHEET_NAME, type RowKey } from './rows/change-file-keys-sheet.js';
import { changeFileColumns, REGISTER_ID_HEADER } from './rows/change-file-columns.js';

/*
 * The pre-filled change file (docs/change-file.md#the-pre-filled-file), downloaded as an SRO representative
 * and an operator download it, read back as Excel reads it, and uploaded back untouched: every row must come
 * back as its trainee with nothing to change.
 */

const SECRET = 'a test secret of thirty-two characters or more';
const execFileAsync = promisify(execFile);
let t: TestApp;
let callers: Callers;
let otherSro: { id: number };
const trainees: { id: number; snils: string }[] = [];
let foreignId: number;
let deletedId: number;

const url = (query = '') => `/api/v1/imports/change-file${query}`;

/** A trainee of the SRO with every section a row reports filled, leading zeros and text that looks like a formula. */
async function createFullTrainee(organizationId: number, index: number, snils: string) {
  const card = await createIntern(t.app, callers.asOperator.cookie, {
    PersonalInfo: [
      personalInfo({
        LastName: `Выгрузкина${'абвгд'[index]}`,
        Snils: snils,
        DateOfBirth: '1990-02-03',
        Passport: { Series: '04 05', Number: '000 123', IssuedAt: '2010-05-06', IssuedBy: 'ОВД' },
        Contacts: { PhoneNumber: '+7 900 000-00-0' + index, EmailAddress: `v${index}@example.ru` },
        Education: { Name: 'Высшее', Code: '01.02.03', Qualification: 'Инженер' },
      }),
    ],
    Supervisors: [
      {
        Id: -3,
        LastName: 'Руководов',
        FirstName: 'Пётр',
        CadastreNumber: '00123',
        GrkiNumber: '0456',
        EmploymentType: 1,
        JuridicalShortName: '=ООО «Кадастр»',
      },
    ],
    Internships: [
      internship(organizationId, {
        StartedAt: '2024-01-10',
        Status: 1,
        Duration: 24,
        RegistryNumber: `СТ-0${index}`,
        PauseInfo: [{ PausedAt: '2025-02-01', PauseDuration: '3 месяца', PauseBasis: 'Заявление' }],
        ContractInfo: [
          {
            ContractEndsAt: '2026-01-09',
            Requisites: { Number: '7', Date: '2024-01-09', UnstructuredValue: null },
          },
        ],
      }),
    ],
    InternshipSteps: [
      {
        Id: -4,
        EntryStep: { StartedAt: '2024-01-10', EndedAt: '2024-02-10', HasPassed: true, HasMaterials: true },
        Step1: { StartedAt: '2024-02-11' },
        SupervisorStatement: { Number: null, Date: null, UnstructuredValue: 'Заключение без номера' },
      },
    ],
  });
  trainees.push({ id: card.Id, snils });
  return card;
}

beforeAll(async () => {
  t = await buildTestApp({ env: { CHANGE_FILE_SECRET: SECRET } });
  callers = await createCallers(t);
  otherSro = await createOrganization(t.database.db, { name: 'СРО «Другая»' });
  await createFullTrainee(callers.organization.id, 0, '000-123-456 00');
  await createFullTrainee(callers.organization.id, 1, '112-233-445 95');
  await createFullTrainee(callers.organization.id, 2, '000-000-001 00');
  // Neither of these is the SRO's to update: one is another SRO's, one is deleted.
  foreignId = (
    await createIntern(t.app, callers.asOperator.cookie, {
      PersonalInfo: [personalInfo({ LastName: 'Чужая', Snils: '000-000-002 00' })],
      Internships: [internship(otherSro.id)],
    })
  ).Id;
  await createIntern(t.app, callers.asOperator.cookie, {
    PersonalInfo: [personalInfo({ LastName: 'Чужая' })],
    Internships: [internship(otherSro.id)],
  });
  const deleted = await createIntern(t.app, callers.asOperator.cookie, {
    PersonalInfo: [personalInfo({ LastName: 'Удалённая' })],
    Internships: [internship(callers.organization.id)],
  });
  deletedId = deleted.Id;
  const removal = await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/interns/${deleted.Id}`,
    headers: callers.asOperator,
  });
  expect(removal.statusCode, removal.body).toBe(200);
});
afterAll(() => t.close());

async function download(headers: Record<string, string>, query = '') {
  const response = await t.app.inject({ url: url(query), headers });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** The data sheet's rows below the headers, each an array of cells from column A. */
async function dataRows(file: Buffer) {
  const workbook = await readWorkbook(file);
  const sheet = workbook.getWorksheet('Данные')!;
  return {
    workbook,
    sheet,
    rows: sheet
      .getSheetValues()
      .slice(3)
      .map((row) => (row as unknown[]).slice(1)),
  };
}

describe('GET /api/v1/imports/change-file: who may download which SRO', () => {
  it('gives a representative its own SRO, and refuses another SRO and anonymous callers', async () => {
    expect((await t.app.inject({ url: url(), headers: callers.anonymous })).statusCode).toBe(401);
    await download(callers.asRepresentative);
    await download(callers.asRepresentative, `?organizationId=${callers.organization.id}`);
    const other = await t.app.inject({
      url: url(`?organizationId=${otherSro.id}`),
      headers: callers.asRepresentative,
    });
    expect(other.statusCode).toBe(403);
  });

  it('makes an operator name an existing SRO, in Russian', async () => {
    const none = await t.app.inject({ url: url(), headers: callers.asOperator });
    expect(none.statusCode).toBe(400);
    expect(none.json().ErrorMessage).toBe('Выберите СРО, стажёров которой выгрузить в файл для изменений');
    const unknown = await t.app.inject({ url: url('?organizationId=99999'), headers: callers.asOperator });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().ErrorMessage).toBe('СРО не найдено');
    const bad = await t.app.inject({ url: url('?organizationId=abc'), headers: callers.asOperator });
    expect(bad.statusCode).toBe(400);
    const response = await download(callers.asOperator, `?organizationId=${callers.organization.id}`);
    expect(response.headers['content-disposition']).toContain(
      `filename="change-file-${callers.organization.id}-`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('journals every download: who, which SRO, how many trainees', async () => {
    const representative = await createAccount(t.database.db, { organizationId: callers.organization.id });
    const cookie = (await loginAs(t.app, representative.email, representative.password)).cookie;
    await download({ ...callers.anonymous, cookie });
    const journal = await t.app.inject({
      url: `/api/v1/audit?action=${AuditAction.ChangeFileExported}`,
      headers: callers.asOperator,
    });
    const [event] = journal.json<{ Results: AuditEvent[] }>().Results;
    expect(event).toMatchObject({
      Account: { Id: representative.id },
      Organization: { Id: callers.organization.id },
      Detail: { Rows: 3, ExportId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(auditDetailLines(event!)).toEqual(['В файле 3 стажёра']);
  });
});

describe('the file', () => {
  it('holds the SRO’s trainees who are not deleted, keyed by «Номер в реестре», the key column locked', async () => {
    const { sheet, rows, workbook } = await dataRows((await download(callers.asRepresentative)).rawPayload);
    expect(sheet.getCell('A1').value).toBe(REGISTER_ID_HEADER);
    expect((sheet.getRow(2).values as unknown[]).slice(2)).toHaveLength(changeFileColumns.length);
    expect(rows.map((row) => row[0])).toEqual(trainees.map((trainee) => trainee.id));
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: 2 });
    expect(sheet.sheetProtection).toMatchObject({ sheet: true, insertRows: true, deleteRows: true });
    expect(sheet.getCell('A3').protection?.locked).not.toBe(false);
    expect(sheet.getCell('B3').protection).toMatchObject({ locked: false });
    expect(workbook.worksheets.map((each) => [each.name, each.state])).toEqual([
      ['Данные', 'visible'],
      ['Инструкция', 'visible'],
      [KEYS_SHEET_NAME, 'veryHidden'],
    ]);
  });

  it('writes SNILS as text with its zeros, dates as date cells, values as the drop-downs spell them', async () => {
    const { sheet } = await dataRows((await download(callers.asRepresentative)).rawPayload);
    const cell = (header: string) => {
      const column = changeFileColumns.findIndex((each) => each.header === header) + 2;
      return sheet.getRow(3).getCell(column);
    };
    expect(cell('СНИЛС').value).toBe('000-123-456 00');
    expect(cell('СНИЛС').numFmt).toBe('@');
    expect(cell('Дата рождения').value).toEqual(new Date('1990-02-03T00:00:00Z'));
    expect(cell('Дата рождения').numFmt).toBe('dd.mm.yyyy');
    expect(cell('Паспорт: серия').value).toBe('04 05');
    expect(cell('Статус стажировки').value).toBe('Приостановлена');
    expect(cell('Руководитель: форма занятости').value).toBe('Работник юридического лица');
    expect(cell('Вводный этап: пройден').value).toBe('Да');
    expect(cell('Этап 1: пройден').value).toBe('Нет');
    expect(cell('Договор').value).toBe('№ 7 от 09.01.2024');
    expect(cell('Дата приостановления').value).toEqual(new Date('2025-02-01T00:00:00Z'));
    // A text that a spreadsheet would run as a formula is kept as text.
    expect(cell('Руководитель: сокращённое наименование юридического лица').value).toEqual({
      richText: [{ text: '=ООО «Кадастр»' }],
    });
  });

  it('signs the keys of every row, so that an edited key does not verify', async () => {
    const { workbook } = await dataRows((await download(callers.asRepresentative)).rawPayload);
    const values = workbook
      .getWorksheet(KEYS_SHEET_NAME)!
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    const [meta, , ...rest] = values;
    const signature = rest.pop()!;
    expect(signature[0]).toBe('Подпись');
    const header = {
      exportId: meta![1] as string,
      organizationId: meta![3] as number,
      exportedAt: meta![5] as string,
    };
    expect(header.organizationId).toBe(callers.organization.id);
    const keys: RowKey[] = rest.map((cells) => {
      const [row, internId, version, personal, supervisor, internshipId, steps] = cells as number[];
      const entry = (id: number | undefined) => (id ? id : null);
      return {
        row: row!,
        internId: internId!,
        version: version!,
        entries: {
          PersonalInfo: entry(personal),
          Supervisor: entry(supervisor),
          Internship: entry(internshipId),
          InternshipSteps: entry(steps),
        },
      };
    });
    expect(keys.map((key) => [key.row, key.internId])).toEqual(trainees.map((each, i) => [i + 3, each.id]));
    expect(keys.every((key) => key.version >= 1 && key.entries.Internship !== null)).toBe(true);
    const secret = Buffer.from(SECRET);
    expect(verifyKeys(secret, header, keys, signature[1] as string)).toBe(true);
    const edited = keys.map((key, i) => (i === 1 ? { ...key, internId: key.internId + 1 } : key));
    expect(verifyKeys(secret, header, edited, signature[1] as string)).toBe(false);
    expect(verifyKeys(Buffer.from('another secret'), header, keys, signature[1] as string)).toBe(false);
  });
});

/** Uploads a file as the operator does for the SRO; the import's id. */
const uploadBack = (file: Buffer, extension: 'xlsx' | 'xls' = 'xlsx') =>
  uploadFile(t, callers.asOperator.cookie, callers.organization.id, file, {
    name: `файл для изменений.${extension}`,
  });

async function importOf(importId: number) {
  const response = await t.app.inject({ url: `/api/v1/imports/${importId}`, headers: callers.asOperator });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Import>();
}

/** The file with some of its data cells changed: by trainee index, header and new value (null clears). */
async function edited(file: Buffer, edits: [number, string, ExcelJS.CellValue][]) {
  const workbook = await readWorkbook(file);
  const sheet = workbook.getWorksheet('Данные')!;
  for (const [index, header, value] of edits) {
    const column = changeFileColumns.findIndex((each) => each.header === header) + 2;
    sheet.getRow(3 + index).getCell(column).value = value;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the file sent back', () => {
  it('untouched: every row is «Без изменений», nothing waits, the import is processed and the SRO told', async () => {
    const importId = await uploadBack((await download(callers.asRepresentative)).rawPayload);
    const detail = await importOf(importId);
    expect(detail).toMatchObject({
      Status: ImportStatus.Processed,
      RowCount: 3,
      PendingCount: 0,
      RejectedCount: 0,
      UnchangedCount: 3,
      StateCounts: { pending: 0, finished: 0, rejected: 0, unchanged: 3 },
      Pending: [],
      Finished: [],
      Notices: [],
    });
    expect(detail.Unchanged!.map((row) => row.Snils)).toEqual(trainees.map((each) => each.snils));
    const rows = await importRows<UnchangedChange>(t, callers.asOperator.cookie, importId, 'unchanged');
    expect(rows.map((row) => [row.State, row.InternId])).toEqual(
      trainees.map((each) => ['unchanged', each.id]),
    );
    const mail = await sqlRows<{ kind: string }>(
      t.database.db,
      sql`select kind from mail_jobs where import_id = ${importId}`,
    );
    expect(mail.map((job) => job.kind)).toContain('import-processed');
  });

  it('with cells edited in one row: that row alone waits, showing those changes and no others', async () => {
    const file = await edited((await download(callers.asRepresentative)).rawPayload, [
      [1, 'Этап 1: дата окончания', new Date('2024-03-11T00:00:00Z')],
      [1, 'Телефон', '+7 900 111-22-33'],
    ]);
    const importId = await uploadBack(file);
    const detail = await importOf(importId);
    expect(detail).toMatchObject({ PendingCount: 1, UnchangedCount: 2, Status: ImportStatus.Pending });
    const [waiting, ...others] = await importRows(t, callers.asOperator.cookie, importId, 'pending');
    expect(others).toEqual([]);
    const review = await t.app.inject({
      url: `/api/v1/imports/${importId}/changes/${waiting!.Id}`,
      headers: callers.asOperator,
    });
    const body = review.json<ChangeReview>();
    expect(body.Intern?.Id).toBe(trainees[1]!.id);
    expect(body.PersonalInfo.New?.Contacts.PhoneNumber).toBe('+7 900 111-22-33');
    expect(body.InternshipSteps.New?.Step1.EndedAt).toBe('2024-03-11');
    expect(body.Internship.HasChanges).toBe(false);
    expect(body.Supervisors.map((each) => each.HasChanges)).toEqual([false]);
  });

  it('settles a row the SRO left as downloaded though the register changed it since, and reviews an ordinary file’s every row', async () => {
    const file = (await download(callers.asRepresentative)).rawPayload;
    // Two of them, each rebuilt as downloaded from its own history (together, in one batch).
    await changeCard(trainees[2]!.id, (person) => ({ ...person, PatronymicName: 'Новое' }));
    await changeCard(trainees[0]!.id, (person) => ({ ...person, FirstName: 'Иная' }));
    const importId = await uploadBack(file);
    expect(await importOf(importId)).toMatchObject({ PendingCount: 0, UnchangedCount: 3, Notices: [] });

    // Without the key column the file is an ordinary one: the review sees every row.
    const workbook = await readWorkbook(file);
    workbook.getWorksheet('Данные')!.spliceColumns(1, 1);
    const ordinary = await uploadBack(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(await importOf(ordinary)).toMatchObject({ PendingCount: 3, UnchangedCount: 0 });
  });

  it('refuses a key of another SRO’s trainee or of a deleted one, naming the rows, and stores nothing', async () => {
    const file = await editedKeys((await download(callers.asRepresentative)).rawPayload, [
      foreignId,
      deletedId,
    ]);
    const importCount = async () =>
      (await sqlRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from imports`))[0]!.n;
    const before = await importCount();
    const uploaded = await upload(t, '/api/v1/imports', callers.asOperator.cookie, [
      {
        field: 'data',
        content: JSON.stringify({ organizationId: callers.organization.id, importSchools: false }),
      },
      { field: 'file', name: 'файл для изменений.xlsx', content: file },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(400);
    expect(uploaded.json()).toMatchObject({
      ErrorMessage: 'Файл не принят: исправьте ошибки и загрузите его снова',
      Info: [3, 4].map(
        (row, i) =>
          `Строка ${row}, «Номер в реестре»: стажёр № ${[foreignId, deletedId][i]} не найден среди стажёров СРО ` +
          'в реестре: строка может быть из файла другой СРО, или стажёр удалён из реестра',
      ),
    });
    expect(await importCount()).toBe(before);
  });

  it('refuses a key that is not a trainee’s number, naming the row', async () => {
    const file = await editedKeys((await download(callers.asRepresentative)).rawPayload, ['сорок два']);
    const uploaded = await upload(t, '/api/v1/imports', callers.asOperator.cookie, [
      {
        field: 'data',
        content: JSON.stringify({ organizationId: callers.organization.id, importSchools: false }),
      },
      { field: 'file', name: 'файл для изменений.xlsx', content: file },
    ]);
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json().Info).toContain(
      'Строка 3, «Номер в реестре»: «сорок два» — не номер стажёра в реестре: этот столбец заполняет реестр при выгрузке, не меняйте его',
    );
  });
});

/** Saves the trainee's card with its personal info changed, as an operator would. */
async function changeCard(
  internId: number,
  change: (person: Record<string, unknown>) => Record<string, unknown>,
) {
  const card = await t.app.inject({ url: `/api/v1/interns/${internId}`, headers: callers.asOperator });
  const intern = card.json<{ PersonalInfo: Record<string, unknown>[] }>();
  const saved = await saveIntern(t.app, callers.asOperator.cookie, internId, {
    ...intern,
    PersonalInfo: [change(intern.PersonalInfo[0]!)],
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The review of an import's only waiting row. */
async function onlyWaitingRow(importId: number) {
  const waiting = await importRows(t, callers.asOperator.cookie, importId, 'pending');
  expect(waiting).toHaveLength(1);
  const review = await t.app.inject({
    url: `/api/v1/imports/${importId}/changes/${waiting[0]!.Id}`,
    headers: callers.asOperator,
  });
  expect(review.statusCode, review.body).toBe(200);
  return review.json<ChangeReview>();
}

describe('the file sent back, three ways: as downloaded, as sent, as the register is now', () => {
  const phone = { Entry: 'PersonalInfo', Path: 'Contacts.PhoneNumber', Header: 'Телефон' };
  const patronymic = { Entry: 'PersonalInfo', Path: 'PatronymicName', Header: 'Отчество' };

  it('keeps both edits when the SRO and the register changed different cells since the download', async () => {
    const file = await edited((await download(callers.asRepresentative)).rawPayload, [
      [0, 'Телефон', '+7 900 555-00-01'],
    ]);
    await changeCard(trainees[0]!.id, (person) => ({ ...person, PatronymicName: 'Реестрович' }));
    const importId = await uploadBack(file);
    expect(await importOf(importId)).toMatchObject({
      PendingCount: 1,
      StateCounts: { pending: 1, conflicting: 0 },
      Notices: [],
    });
    const review = await onlyWaitingRow(importId);
    expect(review).toMatchObject({
      MatchedBy: 'registerId',
      Intern: { Id: trainees[0]!.id },
      SinceExport: { ChangedInRegister: [patronymic], Conflicts: [] },
    });
    expect(review.PersonalInfo.New).toMatchObject({
      PatronymicName: 'Реестрович',
      Contacts: { PhoneNumber: '+7 900 555-00-01' },
    });
  });

  it('marks a cell both changed «Конфликт», and lists the row under that filter', async () => {
    const file = await edited((await download(callers.asRepresentative)).rawPayload, [
      [0, 'Телефон', '+7 900 555-00-02'],
    ]);
    await changeCard(trainees[0]!.id, (person) => ({
      ...person,
      Contacts: { ...(person.Contacts as object), PhoneNumber: '+7 900 777-00-00' },
    }));
    const importId = await uploadBack(file);
    expect((await importOf(importId)).StateCounts).toMatchObject({ pending: 1, conflicting: 1 });
    const conflicting = await importRows(t, callers.asOperator.cookie, importId, 'conflicting');
    expect(conflicting.map((row) => row.RowNumber)).toEqual([3]);
    const review = await onlyWaitingRow(importId);
    expect(review.SinceExport).toMatchObject({ Conflicts: [phone], ChangedInRegister: [] });
    // The file's value is offered beside the register's; the screen keeps the register's until the operator chooses.
    expect(review.PersonalInfo.Old?.Contacts.PhoneNumber).toBe('+7 900 777-00-00');
    expect(review.PersonalInfo.New?.Contacts.PhoneNumber).toBe('+7 900 555-00-02');
  });

  it('shows a cell emptied in the file as an erase to confirm, and applies none by itself', async () => {
    const file = await edited((await download(callers.asRepresentative)).rawPayload, [[1, 'Телефон', null]]);
    const importId = await uploadBack(file);
    expect(await importOf(importId)).toMatchObject({ PendingCount: 1, UnchangedCount: 2 });
    const review = await onlyWaitingRow(importId);
    expect(review.SinceExport).toMatchObject({ Cleared: [phone], Conflicts: [], ChangedInRegister: [] });
    expect(review.PersonalInfo).toMatchObject({
      HasChanges: false,
      New: { Contacts: { PhoneNumber: review.PersonalInfo.Old!.Contacts.PhoneNumber } },
    });

    // The operator confirms the erase: the entry sent with the field empty is what the register keeps.
    const person = review.PersonalInfo.Old!;
    const erased = await reviewCalls(t, callers.asOperator.cookie).submit(
      importId,
      review.ChangeId,
      trainees[1]!.id,
      {
        PersonalInfo: { ...person, Contacts: { ...person.Contacts, PhoneNumber: null } },
        Supervisors: [],
        Internship: null,
        InternshipSteps: null,
        InternVersion: review.Intern!.Version,
      } as SubmitChange,
    );
    expect(erased.statusCode, erased.body).toBe(200);
    const card = await t.app.inject({
      url: `/api/v1/interns/${trainees[1]!.id}`,
      headers: callers.asOperator,
    });
    expect(card.json().PersonalInfo[0].Contacts.PhoneNumber).toBeNull();
  });

  it('keys rows by «Номер в реестре» alone, with a notice, when «Ключи» is gone or edited', async () => {
    const downloaded = (await download(callers.asRepresentative)).rawPayload;
    await changeCard(trainees[1]!.id, (person) => ({ ...person, PatronymicName: 'Снова' }));
    const withoutKeys = await readWorkbook(downloaded);
    withoutKeys.removeWorksheet(withoutKeys.getWorksheet(KEYS_SHEET_NAME)!.id);
    const missing = await uploadBack(Buffer.from(await withoutKeys.xlsx.writeBuffer()));
    const tampered = await readWorkbook(downloaded);
    tampered.getWorksheet(KEYS_SHEET_NAME)!.getCell('C3').value = 999;
    const unverified = await uploadBack(Buffer.from(await tampered.xlsx.writeBuffer()));
    for (const [importId, notice] of [
      [missing, 'В файле нет скрытого листа «Ключи»'],
      [unverified, 'Скрытый лист «Ключи» изменён'],
    ] as const) {
      const detail = await importOf(importId);
      expect(detail.Notices).toEqual([expect.stringContaining(notice)]);
      // Compared with the register now only: the trainee changed since is a row to review, still by its key.
      expect(detail).toMatchObject({ PendingCount: 1, UnchangedCount: 2 });
      const review = await onlyWaitingRow(importId);
      expect(review).toMatchObject({
        MatchedBy: 'registerId',
        Intern: { Id: trainees[1]!.id },
        SinceExport: null,
      });
    }
  });

  it('finds the trainee by its key when the SRO corrects the SNILS, even to a SNILS another trainee holds', async () => {
    const file = await edited((await download(callers.asRepresentative)).rawPayload, [
      [2, 'СНИЛС', '000-000-002 00'],
    ]);
    const review = await onlyWaitingRow(await uploadBack(file));
    expect(review).toMatchObject({
      MatchedBy: 'registerId',
      Intern: { Id: trainees[2]!.id },
      SnilsHolder: { Id: foreignId },
      PersonalInfo: { Old: { Snils: '000-000-001 00' }, New: { Snils: '000-000-002 00' } },
    });
  });
});

/**
 * LibreOffice's `soffice`, where the machine has it: CI installs it (Debian's libreoffice-calc-nogui) and sets
 * REQUIRE_LIBREOFFICE, so that there its absence fails the test rather than skipping it.
 */
const soffice = ['/usr/bin/soffice', '/usr/local/bin/soffice'].find((file) => existsSync(file));
const requireLibreOffice = Boolean(process.env.REQUIRE_LIBREOFFICE);

/** The file opened and saved again by LibreOffice as `format` (xlsx or xls), as a clerk's office suite would. */
async function savedByLibreOffice(file: Buffer, format: 'xlsx' | 'xls'): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'registry-soffice-'));
  try {
    const input = path.join(folder, 'in', 'файл для изменений.xlsx');
    await mkdir(path.dirname(input));
    await writeFile(input, file);
    // A profile of its own: two test runs at once must not share LibreOffice's lock.
    await execFileAsync(soffice!, [
      `-env:UserInstallation=file://${folder}/profile`,
      '--headless',
      '--convert-to',
      format,
      '--outdir',
      folder,
      input,
    ]);
    return await readFile(path.join(folder, `файл для изменений.${format}`));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe.skipIf(!soffice && !requireLibreOffice)('the file saved by LibreOffice and sent back', () => {
  it('as .xlsx: every row «Без изменений», its keys still verifying', async () => {
    expect(soffice, 'soffice is not installed: apt-get install libreoffice-calc-nogui').toBeDefined();
    const file = await savedByLibreOffice((await download(callers.asRepresentative)).rawPayload, 'xlsx');
    expect(await importOf(await uploadBack(file))).toMatchObject({
      PendingCount: 0,
      UnchangedCount: trainees.length,
      Notices: [],
    });
  });

  it('as .xls: every row «Без изменений», keyed by «Номер в реестре» (an .xls carries no keys)', async () => {
    expect(soffice, 'soffice is not installed: apt-get install libreoffice-calc-nogui').toBeDefined();
    const file = await savedByLibreOffice((await download(callers.asRepresentative)).rawPayload, 'xls');
    const detail = await importOf(await uploadBack(file, 'xls'));
    expect(detail).toMatchObject({ PendingCount: 0, UnchangedCount: trainees.length });
    expect(detail.Notices).toEqual([expect.stringContaining('В файле нет скрытого листа «Ключи»')]);
  });
});

/** The file with the keys of its first rows replaced. */
async function editedKeys(file: Buffer, keys: (number | string)[]) {
  const workbook = await readWorkbook(file);
  keys.forEach((key, i) => (workbook.getWorksheet('Данные')!.getCell(`A${3 + i}`).value = key));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the signing secret', () => {
  it('is generated once into DATA_DIR, the same for processes that ask at once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'registry-secret-'));
    try {
      const secrets = await Promise.all(Array.from({ length: 8 }, () => loadChangeFileSecret(null, dataDir)));
      expect(new Set(secrets.map((secret) => secret.toString()))).toHaveProperty('size', 1);
      expect(secrets[0]!.toString()).toMatch(/^[0-9a-f]{64}$/);
      expect((await readFile(path.join(dataDir, 'change-file-secret'), 'utf8')).trim()).toBe(
        secrets[0]!.toString(),
      );
      expect((await loadChangeFileSecret(null, dataDir)).equals(secrets[0]!)).toBe(true);
      expect((await loadChangeFileSecret('a setting', dataDir)).toString()).toBe('a setting');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
