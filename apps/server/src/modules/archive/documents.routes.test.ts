import { readFile } from 'node:fs/promises';
import { MAX_LIST_PAGES, texts } from '@registry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../lib/sql-rows.js';
import { buildTestApp, loginAs, type TestApp } from '../../test/build-test-app.js';
import { buildDocumentsApp, documentTrainee, expectPagedAsTraineeList } from '../../test/documents.js';
import { createAccount, createOrganization } from '../../test/factories.js';
import { createIntern, internship, personalInfo, protocol, saveIntern } from '../../test/interns.js';
import { acceptAll, reviewCalls } from '../../test/review.js';
import { uploadRows } from '../../test/uploads.js';
import { snilsFrom } from '../../test/change-files/workbooks.js';

/* The '/documents' screen's calls: basis documents found by number, SRO or date, and the changes made on one. */

let t: TestApp;
let operator: string;
let operatorName: string;
let sro: { id: number; name: string };
let importId: number;

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Северное объединение»' });
  const account = await createAccount(t.database.db, { fullName: 'Орлова Светлана Игоревна' });
  operatorName = account.fullName;
  operator = (await loginAs(t.app, account.email, account.password)).cookie;
  // One letter entered by hand for two trainees, one of them changed twice under it: one document.
  for (const lastName of ['Яковлева', 'Белова']) {
    await createIntern(
      t.app,
      operator,
      { PersonalInfo: [personalInfo({ LastName: lastName })], Internships: [internship(sro.id)] },
      protocol('17-П', '2025-03-15'),
    );
  }
  const yakovleva = (await documents('term=17-п')).Results[0].Interns.find((intern: { FullName: string }) =>
    intern.FullName.startsWith('Яковлева'),
  );
  const card = (
    await t.app.inject({ url: `/api/v1/interns/${yakovleva.Id}`, headers: { cookie: operator } })
  ).json();
  const renamed = await saveIntern(
    t.app,
    operator,
    card.Id,
    { Version: card.Version, PersonalInfo: [{ ...card.PersonalInfo[0], FirstName: 'Ирина' }] },
    { basis: protocol('17-П', '2025-03-15') },
  );
  expect(renamed.statusCode, renamed.body).toBe(200);
  await createIntern(
    t.app,
    operator,
    { PersonalInfo: [personalInfo({ LastName: 'Громова' })] },
    protocol('18-П', '2025-06-01'),
  );
  // A row accepted from an SRO's file: a document of that import.
  const uploaded = await uploadRows(t, operator, sro.id, [{ СНИЛС: snilsFrom(777_001), Фамилия: 'Зуева' }], {
    number: '345-вх',
    date: '2025-09-01',
  });
  importId = uploaded.importId;
  const calls = reviewCalls(t, operator);
  const review = (await calls.open(importId, uploaded.changeIds[0]!, 'new')).json();
  expect((await calls.submit(importId, uploaded.changeIds[0]!, 'new', acceptAll(review))).statusCode).toBe(
    200,
  );
});
afterAll(() => t.close());

const documents = async (query: string) =>
  (await t.app.inject({ url: `/api/v1/archives/documents?${query}`, headers: { cookie: operator } })).json();

describe('GET /api/v1/archives/documents', () => {
  it('groups the changes of one letter, whatever the trainees, and lists the latest dated first', async () => {
    const all = await documents('');
    expect(all.Results.map((row: { Requisites: { Number: string } }) => row.Requisites.Number)).toEqual([
      '345-вх',
      '18-П',
      '17-П',
    ]);
    const letter = all.Results[2];
    expect(letter).toMatchObject({
      Requisites: { Number: '17-П', Date: '2025-03-15' },
      Organization: null,
      Import: null,
      InternCount: 2,
    });
    expect(letter.Interns.map((intern: { FullName: string }) => intern.FullName)).toEqual([
      'Белова Елена Викторовна',
      'Яковлева Ирина Викторовна',
    ]);
    expect(all.Results[0]).toMatchObject({
      Import: { Id: importId },
      Organization: { Id: sro.id, Name: sro.name },
      InternCount: 1,
      Interns: [{ FullName: 'Зуева Мария Сергеевна' }],
    });
  });

  it('finds by number, by the SRO’s name and by a range of dates', async () => {
    expect(
      (await documents('term=17-п')).Results.map(
        (row: { Requisites: { Number: string } }) => row.Requisites.Number,
      ),
    ).toEqual(['17-П']);
    expect((await documents('term=северное')).Results).toHaveLength(1);
    expect(
      (await documents('from=2025-05-01&to=2025-08-31')).Results.map(
        (row: { Requisites: { Number: string } }) => row.Requisites.Number,
      ),
    ).toEqual(['18-П']);
    const reversed = await t.app.inject({
      url: '/api/v1/archives/documents?from=2025-05-01&to=2025-01-01',
      headers: { cookie: operator },
    });
    expect(reversed.statusCode).toBe(400);
  });
});

describe('GET /api/v1/archives/documents, paged as the trainee list is', () => {
  const COUNT = 1_050;
  let paged: TestApp;
  let cookie: string;

  beforeAll(async () => {
    ({ t: paged, cookie } = await buildDocumentsApp(COUNT));
  });
  afterAll(() => paged.close());

  const search = (query: string) =>
    paged.app.inject({ url: `/api/v1/archives/documents?${query}`, headers: { cookie } });
  const numbers = async (query: string) =>
    (await search(query))
      .json<{ Results: { Requisites: { Number: string } }[] }>()
      .Results.map((row) => row.Requisites.Number);
  /** What the whole list gives on a page: the documents' n that pass, the latest (the largest) first. */
  const expected = (passes: (n: number) => boolean, page: number) =>
    Array.from({ length: COUNT }, (_, i) => COUNT - i)
      .filter(passes)
      .slice(page * 20, page * 20 + 20)
      .map((n) => `${n}-Д`);

  it('gives a deep page’s documents in order, each with the trainees it changed', async () => {
    const response = await search('page=37');
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().Results;
    expect(results.map((row: { Requisites: { Number: string } }) => row.Requisites.Number)).toEqual(
      expected(() => true, 37),
    );
    for (const row of results) {
      const n = Number(row.Requisites.Number.split('-')[0]);
      expect(row).toMatchObject({
        InternCount: 2,
        Interns: [{ FullName: documentTrainee(n % 40) }, { FullName: documentTrainee(40 + (n % 7)) }],
      });
    }
  });

  it('finds on a deep page by number, by the SRO’s name and by a period as on the first', async () => {
    const hasSeven = (n: number) => String(n).includes('7');
    for (const page of [0, 5, 12])
      expect(await numbers(`term=7&page=${page}`)).toEqual(expected(hasSeven, page));
    const ofSro = (n: number) => n % 5 === 0;
    expect(await numbers('term=южное&page=10')).toEqual(expected(ofSro, 10));
    // Three a day from 2020-01-01: 2020-03-01 is its 60th day, 2020-10-31 its 304th.
    const inPeriod = (n: number) => n >= 180 && n <= 914;
    expect(await numbers('from=2020-03-01&to=2020-10-31&page=20')).toEqual(expected(inPeriod, 20));
  });

  it(`pages through the first ${MAX_LIST_PAGES} pages, says that more documents match, and refuses the rest with the trainee list’s message`, async () => {
    await expectPagedAsTraineeList(search, texts.narrowDocuments);
    expect(await numbers(`page=${MAX_LIST_PAGES - 1}`)).toEqual(expected(() => true, MAX_LIST_PAGES - 1));
    expect((await search('term=южное&page=5')).json()).toMatchObject({
      TotalPages: 11,
      HasMore: false,
      IsCapped: false,
    });
  });
});

describe('GET /api/v1/archives/documents/{id}/changes', () => {
  it('shows every change made on the document: trainee, section, entry, before and after, who and when', async () => {
    const letter = (await documents('term=17-п')).Results[0];
    const response = await t.app.inject({
      url: `/api/v1/archives/documents/${letter.Id}/changes`,
      headers: { cookie: operator },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { Document, Changes } = response.json();
    expect(Document).toMatchObject({ Requisites: { Number: '17-П' }, InternCount: 2 });
    expect(Changes).toHaveLength(5);
    expect(Changes[0]).toMatchObject({
      Intern: { FullName: 'Яковлева Ирина Викторовна' },
      Section: 'PersonalInfo',
      SectionTitle: 'Персональные данные',
      Kind: 'initial',
      KindName: 'Первичное внесение',
      OperatorName: operatorName,
      PreviousData: null,
    });
    expect(Changes[0].Data).toMatchObject({ LastName: 'Яковлева' });
    expect(new Set(Changes.map((change: { Section: string }) => change.Section))).toEqual(
      new Set(['PersonalInfo', 'Internships']),
    );
    expect(Changes.at(-1)).toMatchObject({ Kind: 'change', KindName: 'Изменение' });
    expect(Changes.at(-1).PreviousData).toMatchObject({ FirstName: 'Елена' });
    expect(Changes.at(-1).Data).toMatchObject({ FirstName: 'Ирина' });
  });

  it('is not found for a protocol that does not exist', async () => {
    expect(
      (
        await t.app.inject({
          url: '/api/v1/archives/documents/999999/changes',
          headers: { cookie: operator },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('migration 0018', () => {
  it('rebuilds from the protocols the documents that the saves kept', async () => {
    const documentsNow = () =>
      sqlRows<Record<string, unknown>>(
        t.database.db,
        sql`select d.number, d.date, d.outgoing_number, d.outgoing_date, d.import_id, d.organization_id,
              d.intern_count, array_agg(p.id order by p.id) as protocols
            from basis_documents d join change_protocols p on p.document_id = d.id
            group by d.id order by d.number, d.date`,
      );
    const kept = await documentsNow();
    expect(kept.length).toBeGreaterThanOrEqual(3);
    const migration = await readFile(
      new URL('../../../migrations/0018_basis-documents.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('-- The documents of the protocols written so far'));
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update change_protocols set document_id = null`);
      await tx.execute(sql`delete from basis_documents`);
      for (const statement of backfill.split('--> statement-breakpoint'))
        await tx.execute(sql.raw(statement));
    });
    expect(await documentsNow()).toEqual(kept);
  });
});
