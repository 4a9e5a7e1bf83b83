import { toDateValue } from '@registry/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importChanges, imports, schools, storedFiles } from '../../../db/schema/index.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { samplePdf } from '../../../test/imports.js';
import { multipart, type Part } from '../../../test/uploads.js';
import { createIntern, personalInfo } from '../../../test/interns.js';
import { daysLeft, entryDeadline, isWorkingDay } from '../deadline.js';
import { createImportsRepository } from '../imports.repository.js';
import { sampleRow, sheetOf, snilsFrom, xlsOf, xlsxOf } from '../../../test/change-files/workbooks.js';

let t: TestApp;
let operator: { cookie: string };
let clerk: { cookie: string };
let sro: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp({ env: { DOCUMENT_MAX_FILE_MB: '1' } });
  sro = await createOrganization(t.database.db, { name: 'СРО «Кадастровые инженеры Сибири»' });
  const op = await createAccount(t.database.db);
  const rep = await createAccount(t.database.db, { organizationId: sro.id });
  operator = await loginAs(t.app, op.email, op.password);
  clerk = await loginAs(t.app, rep.email, rep.password);
});
afterAll(() => t.close());

/** The working-day calendar the deadlines follow, as the database's dictionaries hold it now. */
const workCalendar = () => createImportsRepository(t.database.db).workCalendar();

// A signature's first bytes: SEQUENCE, then the PKCS#7 signedData OID.
const signature = Buffer.concat([
  Buffer.from([0x30, 0x82, 0x01, 0x10, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02]),
  Buffer.alloc(32, 1),
]);

function upload(url: string, cookie: string, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...clientHeaders, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function stored() {
  const [importCount] = await t.database.db.select({ n: count() }).from(imports);
  const [fileCount] = await t.database.db.select({ n: count() }).from(storedFiles);
  return { imports: importCount!.n, files: fileCount!.n };
}

const changeFile = (rows = [sampleRow()]) => xlsxOf(sheetOf(rows));

describe('POST /api/v1/imports/delta (an SRO representative)', () => {
  it('stores the import with its file, documents and rows, pending, with a deadline', async () => {
    const excel = await changeFile([
      sampleRow(),
      sampleRow({
        Фамилия: 'Петрова',
        СНИЛС: snilsFrom(123456789),
        'Уникальный идентификационный номер стажировки': 'СТ-2025-002',
      }),
    ]);
    const response = await upload('/api/v1/imports/delta', clerk.cookie, [
      { field: 'data', content: JSON.stringify({ Number: 'Исх-77', Date: '2026-11-20' }) },
      { field: 'file', name: 'изменения ноябрь.xlsx', content: excel },
      { field: 'protocol', name: 'протокол.pdf', content: samplePdf },
      { field: 'letter', name: 'письмо.pdf', content: samplePdf },
      { field: 'protocolSignature', name: 'протокол.pdf.sig', content: signature },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      Organization: { Id: sro.id, Name: sro.name },
      Status: 0,
      RowCount: 2,
      PendingCount: 2,
      FileName: 'изменения ноябрь.xlsx',
      File: { Extension: 'xlsx', NominalExtension: 'xlsx', Size: excel.length },
      OrganizationRequisites: { Number: 'Исх-77', Date: '2026-11-20' },
      Requisites: { Number: null, Date: null },
    });
    // The upload answers with the import's summary; its rows and documents are in its detail.
    expect(created).not.toHaveProperty('Pending');
    const detail = await t.app.inject({
      url: `/api/v1/imports/${created.Id}`,
      headers: { cookie: clerk.cookie },
    });
    expect(detail.json()).toMatchObject({
      Protocol: { Name: 'протокол.pdf', Extension: 'pdf' },
      Letter: { Name: 'письмо.pdf' },
      ProtocolSignature: { Extension: 'sig' },
      LetterSignature: null,
    });
    const waiting = await t.app.inject({
      url: `/api/v1/imports/${created.Id}/changes?state=pending`,
      headers: { cookie: clerk.cookie },
    });
    expect(waiting.json().Results).toMatchObject([
      { RowNumber: 2, FullName: 'Иванова Мария Сергеевна', Snils: '112-233-445 95' },
      { RowNumber: 3, FullName: 'Петрова Мария Сергеевна' },
    ]);
    const deadline = entryDeadline(new Date(created.ImportedAt), 10, await workCalendar());
    expect(created.DeadlineAt).toBe(deadline.toISOString());
    expect(created.ExpiresInDays).toBe(daysLeft(new Date(created.DeadlineAt), new Date()));
    const listed = (
      await t.app.inject({ url: '/api/v1/imports/pending', headers: { cookie: operator.cookie } })
    ).json();
    expect(listed.Results.map((row: { Id: number }) => row.Id)).toContain(created.Id);
  });

  it('moves the deadline past the holidays operators keep in the dictionary', async () => {
    // The first working day after today becomes a holiday: the deadline moves one working day later.
    const calendar = await workCalendar();
    let day = new Date(`${toDateValue(new Date())}T12:00:00Z`); // today in Moscow, where deadlines count
    do day = new Date(day.getTime() + 86_400_000);
    while (!isWorkingDay(day.toISOString().slice(0, 10), calendar));
    const holiday = day.toISOString().slice(0, 10);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dictionaries/holidays',
      headers: { cookie: operator.cookie, ...clientHeaders },
      payload: { Value: holiday },
    });
    expect(added.statusCode).toBe(201);
    const response = await upload('/api/v1/imports/delta', clerk.cookie, [
      { field: 'data', content: JSON.stringify({ Number: 'Исх-81', Date: '2026-11-20' }) },
      { field: 'file', name: 'изменения.xlsx', content: await changeFile() },
      { field: 'protocol', name: 'протокол.pdf', content: samplePdf },
      { field: 'letter', name: 'письмо.pdf', content: samplePdf },
    ]);
    const created = response.json();
    const importedAt = new Date(created.ImportedAt);
    const withHoliday = { ...calendar, holidays: new Set([...calendar.holidays, holiday]) };
    expect(created.DeadlineAt).toBe(entryDeadline(importedAt, 10, withHoliday).toISOString());
    expect(created.DeadlineAt).not.toBe(entryDeadline(importedAt, 10, calendar).toISOString());
  });

  it('names every missing or wrong document at once and stores nothing', async () => {
    const before = await stored();
    const response = await upload('/api/v1/imports/delta', clerk.cookie, [
      { field: 'data', content: JSON.stringify({ Number: 'Исх-78', Date: '2026-11-20' }) },
      { field: 'letter', name: 'письмо.pdf', content: '<html>not a pdf</html>' },
      { field: 'letterSignature', name: 'письмо.sig', content: 'plain text' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual([
      'Файл изменений: Файл обязателен для приложения',
      'Протокол: Файл обязателен для приложения',
      'Файл «письмо.pdf» не является документом PDF: в нём разметка веб-страницы или рисунка (HTML, SVG)',
      'Файл «письмо.sig» не является электронной подписью (.sig, PKCS#7)',
    ]);
    expect(await stored()).toEqual(before);
  });

  it('refuses a change file with mistakes, listing them by row and column, and stores nothing', async () => {
    const before = await stored();
    const excel = await changeFile([sampleRow({ СНИЛС: '112-233-445 94' })]);
    const response = await upload('/api/v1/imports/delta', clerk.cookie, [
      { field: 'data', content: JSON.stringify({ Number: 'Исх-79', Date: '2026-11-20' }) },
      { field: 'file', name: 'изменения.xlsx', content: excel },
      { field: 'protocol', name: 'протокол.pdf', content: samplePdf },
      { field: 'letter', name: 'письмо.pdf', content: samplePdf },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toBe('Файл не принят: исправьте ошибки и загрузите его снова');
    expect(response.json().Info).toEqual([expect.stringMatching(/^Строка 2, «СНИЛС»: /)]);
    expect(await stored()).toEqual(before);
  });

  it('requires the outgoing number and date', async () => {
    const response = await upload('/api/v1/imports/delta', clerk.cookie, [
      { field: 'data', content: JSON.stringify({ Number: '', Date: null }) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual([
      '«Number»: Данное поле обязательно для заполнения',
      '«Date»: Данное поле обязательно для заполнения',
    ]);
  });

  it('refuses a document over the size limit as soon as it passes it', async () => {
    const response = await upload('/api/v1/imports/delta', clerk.cookie, [
      { field: 'data', content: JSON.stringify({ Number: 'Исх-80', Date: '2026-11-20' }) },
      {
        field: 'protocol',
        name: 'большой.pdf',
        content: Buffer.concat([samplePdf, Buffer.alloc(Math.max(11, 1) * 1_048_576)]),
      },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().ErrorMessage).toMatch(/^Файл «большой\.pdf» больше допустимых \d+ МБ$/);
  });
});

describe('the protocol and the letter', () => {
  // Each upload's change file differs (a row of its own), so that none is refused as a repeat of the last.
  let uploads = 0;
  const withDocuments = async (
    protocol: Part,
    letter: Part = { field: 'letter', name: 'письмо.pdf', content: samplePdf },
  ) =>
    upload('/api/v1/imports/delta', clerk.cookie, [
      { field: 'data', content: JSON.stringify({ Number: 'Исх-81', Date: '2026-11-20' }) },
      {
        field: 'file',
        name: 'изменения.xlsx',
        content: await changeFile([sampleRow({ СНИЛС: snilsFrom(700_000_000 + ++uploads) })]),
      },
      protocol,
      letter,
    ]);

  it('must start with the PDF header, after at most a byte-order mark and white space', async () => {
    const before = await stored();
    const late = Buffer.concat([Buffer.from('заголовок не в начале\n'), samplePdf]);
    const response = await withDocuments(
      { field: 'protocol', name: 'протокол.pdf', content: late },
      { field: 'letter', name: 'письмо.pdf', content: Buffer.concat([Buffer.alloc(300, 0x20), samplePdf]) },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorMessage).toBe('Файл «протокол.pdf» не является документом PDF');
    expect(await stored()).toEqual(before);

    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\r\n\t '), samplePdf]);
    const accepted = await withDocuments(
      { field: 'protocol', name: 'протокол.pdf', content: bom },
      { field: 'letter', name: 'письмо.pdf', content: Buffer.concat([Buffer.from('\n\n'), samplePdf]) },
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('may not be a web page or a picture that also says %PDF-', async () => {
    const before = await stored();
    const page = Buffer.from(`<!DOCTYPE html><html><script>alert(1)</script>\n${samplePdf.toString()}`);
    const polyglot = Buffer.from(`%PDF-1.4\n<html><body onload="alert(1)">\n${samplePdf.toString()}`);
    const picture = Buffer.from(
      `%PDF-1.7\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n%%EOF`,
    );
    for (const [name, content] of [
      ['протокол.html', page],
      ['протокол.pdf', polyglot],
      ['протокол.svg', picture],
    ] as const) {
      const response = await withDocuments({ field: 'protocol', name, content });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().ErrorMessage).toBe(
        `Файл «${name}» не является документом PDF: в нём разметка веб-страницы или рисунка (HTML, SVG)`,
      );
    }
    expect(await stored()).toEqual(before);
  });

  it('is served and downloaded under a .pdf name, whatever name it came with', async () => {
    const response = await withDocuments({ field: 'protocol', name: 'протокол.html', content: samplePdf });
    expect(response.statusCode, response.body).toBe(201);
    const detail = await t.app.inject({ url: `/api/v1/imports/${response.json().Id}`, headers: clerk });
    const protocol = detail.json().Protocol;
    expect(protocol).toMatchObject({ NominalExtension: 'html', Extension: 'pdf' });
    for (const [url, type] of [
      [`/api/v1/files/${protocol.Id}`, 'inline'],
      [`/api/v1/files/${protocol.Id}/download`, 'attachment'],
    ]) {
      const file = await t.app.inject({ url, headers: clerk });
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        `${type}; filename="file-${protocol.Id}.pdf"; filename*=UTF-8''${encodeURIComponent('протокол.pdf')}`,
      );
    }
  });
});

describe('an upload’s files at /api/v1/files/{id}', () => {
  it('are shown inline only when they are PDFs: workbooks and signatures are attachments', async () => {
    const uploads = [
      { name: 'изменения.xlsx', content: await changeFile(), extension: 'xlsx' },
      // An .xls saved under an .xlsx name: named by what it is.
      { name: 'изменения.xlsx', content: xlsOf(sheetOf([sampleRow()])), extension: 'xls' },
    ];
    for (const excel of uploads) {
      const response = await upload('/api/v1/imports/delta', clerk.cookie, [
        { field: 'data', content: JSON.stringify({ Number: 'Исх-82', Date: '2026-11-20' }) },
        { field: 'file', name: excel.name, content: excel.content },
        { field: 'protocol', name: 'протокол.pdf', content: samplePdf },
        { field: 'letter', name: 'письмо.pdf', content: samplePdf },
        { field: 'protocolSignature', name: 'протокол.pdf.sig', content: signature },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const detail = (
        await t.app.inject({ url: `/api/v1/imports/${response.json().Id}`, headers: clerk })
      ).json();
      const disposition = async (id: number) =>
        (await t.app.inject({ url: `/api/v1/files/${id}`, headers: clerk })).headers['content-disposition'];
      expect(await disposition(detail.File.Id)).toBe(
        `attachment; filename="file-${detail.File.Id}.${excel.extension}"; filename*=UTF-8''${encodeURIComponent(`изменения.${excel.extension}`)}`,
      );
      expect(await disposition(detail.ProtocolSignature.Id)).toBe(
        `attachment; filename="file-${detail.ProtocolSignature.Id}.sig"; filename*=UTF-8''${encodeURIComponent('протокол.pdf.sig')}`,
      );
      expect(await disposition(detail.Protocol.Id)).toMatch(/^inline; /);
    }
  });
});

describe('POST /api/v1/imports (an operator)', () => {
  it('uploads for the chosen SRO and adds unknown schools to the dictionary when asked', async () => {
    const school = 'Колледж геодезии и картографии №3';
    const excel = await changeFile([sampleRow({ 'Учебное заведение': school })]);
    const response = await upload('/api/v1/imports', operator.cookie, [
      {
        field: 'data',
        content: JSON.stringify({
          importSchools: true,
          organizationId: sro.id,
          number: 'Вх-1',
          date: '2026-11-21',
        }),
      },
      { field: 'file', name: 'с сайта.xlsx', content: excel },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      Organization: { Id: sro.id },
      Requisites: { Number: 'Вх-1', Date: '2026-11-21' },
      ImportedBy: { Organization: null },
    });
    const names = (await t.database.db.select({ name: schools.name }).from(schools)).map((row) => row.name);
    expect(names).toContain(school);
    // The row points to the school just added, and keeps its cells as written.
    const [stored] = await t.database.db
      .select({ data: importChanges.data, raw: importChanges.raw })
      .from(importChanges)
      .where(eq(importChanges.importId, response.json().Id));
    const [added] = await t.database.db.select().from(schools).where(eq(schools.name, school));
    expect(stored!.data).toMatchObject({ PersonalInfo: { School: { Id: added!.id, Name: school } } });
    expect(stored!.raw).toContain(school);
  });

  it('requires the file and a known SRO', async () => {
    const noFile = await upload('/api/v1/imports', operator.cookie, [
      { field: 'data', content: JSON.stringify({ importSchools: false, organizationId: sro.id }) },
    ]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().ErrorMessage).toBe('Файл обязателен для приложения');

    const unknown = await upload('/api/v1/imports', operator.cookie, [
      { field: 'data', content: JSON.stringify({ importSchools: false, organizationId: 987654 }) },
      { field: 'file', name: 'a.xlsx', content: await changeFile() },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Info).toEqual(['«organizationId»: СРО не найдено']);

    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports',
      headers: { cookie: operator.cookie, ...clientHeaders },
      payload: { organizationId: sro.id },
    });
    expect(notMultipart.statusCode).toBe(415);
  });
});

describe('a trainee named by a waiting row', () => {
  it('is marked «Ожидает обработки» until the import is rejected', async () => {
    const snils = snilsFrom(400_000_001);
    const intern = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo({ Snils: snils })],
    });
    const card = async () =>
      (
        await t.app.inject({ url: `/api/v1/interns/${intern.Id}`, headers: { cookie: operator.cookie } })
      ).json();
    expect((await card()).HasPendingImport).toBe(false);

    const response = await upload('/api/v1/imports/delta', clerk.cookie, [
      { field: 'data', content: JSON.stringify({ Number: 'Исх-90', Date: '2026-11-20' }) },
      { field: 'file', name: 'изменения.xlsx', content: await changeFile([sampleRow({ СНИЛС: snils })]) },
      { field: 'protocol', name: 'протокол.pdf', content: samplePdf },
      { field: 'letter', name: 'письмо.pdf', content: samplePdf },
    ]);
    expect(response.statusCode).toBe(201);
    expect((await card()).HasPendingImport).toBe(true);

    await t.app.inject({
      method: 'POST',
      url: `/api/v1/imports/${response.json().Id}/reject`,
      headers: { cookie: operator.cookie, ...clientHeaders },
      payload: { reason: 'Повторная загрузка' },
    });
    expect((await card()).HasPendingImport).toBe(false);
  });
});

describe('who may upload', () => {
  it('is an operator for /imports and an SRO representative for /imports/delta', async () => {
    const parts: Part[] = [{ field: 'data', content: '{}' }];
    expect((await upload('/api/v1/imports', clerk.cookie, parts)).statusCode).toBe(403);
    expect((await upload('/api/v1/imports/delta', operator.cookie, parts)).statusCode).toBe(403);
    const anonymous = multipart(parts);
    for (const url of ['/api/v1/imports', '/api/v1/imports/delta']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...clientHeaders, 'content-type': anonymous.contentType },
        payload: anonymous.payload,
      });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
