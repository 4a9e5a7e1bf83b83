import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternSearchResultSchema } from '@registry/shared';
import { createAccount, createOrganization } from '../../../test/factories.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../../test/build-test-app.js';
import { createIntern, internship, personalInfo } from '../../../test/interns.js';
import { readWorkbook } from '../../../test/workbook.js';

let t: TestApp;
let operator: { cookie: string };
let sro: { id: number; name: string };
let otherSro: { id: number; name: string };
let fedorov: { Id: number };
let transferred: { Id: number };

// Private details of one trainee: none of them may appear in any public answer.
const secrets = {
  Snils: '112-233-445 95',
  DateOfBirth: '1994-07-12',
  Passport: { Series: '45 09', Number: '654 321', IssuedAt: '2014-08-01', IssuedBy: 'ОВД Тверского района' },
  Contacts: {
    PhoneNumber: '+7 916 555-12-34',
    PostalAddress: 'Москва, ул. Тверская, 7',
    EmailAddress: 'fedorov.private@example.org',
  },
};

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Северо-Западное объединение»' });
  otherSro = await createOrganization(t.database.db, { name: 'СРО «Южное объединение»' });
  const op = await createAccount(t.database.db);
  operator = await loginAs(t.app, op.email, op.password);

  fedorov = await createIntern(t.app, operator.cookie, {
    PersonalInfo: [
      personalInfo({ LastName: 'Фёдоров', FirstName: 'Артём', PatronymicName: 'Ильич', ...secrets }),
    ],
    Supervisors: [
      {
        Id: -1,
        LastName: 'Кузнецов',
        FirstName: 'Олег',
        CadastreNumber: '77-11-123',
        Contacts: { PhoneNumber: '+7 900 000-00-01' },
      },
    ],
    Internships: [internship(sro.id, { RegistryNumber: 'СЗО-17', Status: 3 })],
    InternshipSteps: [{ Id: -1, HasPassed: true }],
  });
  transferred = await createIntern(t.app, operator.cookie, {
    PersonalInfo: [
      personalInfo({
        LastName: 'Петрова',
        FirstName: 'Алёна',
        PatronymicName: null,
        Snils: '087-654-303 00',
      }),
    ],
    Internships: [
      internship(sro.id, { Status: 2, RegistryNumber: 'СЗО-3' }),
      internship(otherSro.id, { Id: -3, RegistryNumber: 'ЮО-8' }),
    ],
  });
  for (let i = 0; i < 23; i++) {
    await createIntern(t.app, operator.cookie, {
      PersonalInfo: [
        personalInfo({ LastName: `Яковлев${String.fromCharCode(1072 + i)}`, FirstName: 'Яков' }),
      ],
      Internships: [internship(otherSro.id)],
    });
  }
});
afterAll(() => t.close());

async function search(query: string, as: 'operator' | 'public' = 'operator') {
  const headers = as === 'operator' ? { cookie: operator.cookie } : {};
  const response = await t.app.inject({ url: `/api/v1/interns/search?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const names = (result: { Results: { FullName: string }[] }) => result.Results.map((row) => row.FullName);

describe('GET /api/v1/interns', () => {
  it('answers as the search does, for operators and for the public', async () => {
    for (const [query, cookie] of [
      ['term=яковлев&page=1', operator.cookie],
      ['status=1', operator.cookie],
      ['term=11223344595', undefined],
      ['', undefined],
    ] as const) {
      const headers = cookie ? { cookie } : {};
      const list = await t.app.inject({ url: `/api/v1/interns?${query}`, headers });
      const searched = await t.app.inject({ url: `/api/v1/interns/search?${query}`, headers });
      expect(list.statusCode, query).toBe(200);
      expect(list.json(), query).toEqual(searched.json());
    }
    expect((await t.app.inject({ url: '/api/v1/interns?status=7' })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/interns/search', () => {
  it('finds by any parts of the name in any order, ignoring case and ё/е', async () => {
    for (const term of ['федоров', 'ФЁДОРОВ АРТ', 'артем федор', 'ильич', 'дорo'.replace('o', 'о')]) {
      expect(names(await search(`term=${encodeURIComponent(term)}`)), term).toEqual(['Фёдоров Артём Ильич']);
    }
    expect(names(await search('term=алена'))).toEqual(['Петрова Алёна']);
  });

  it('finds by SNILS in any formatting; operators also by its beginning', async () => {
    for (const term of ['11223344595', '112-233-445 95', '112 233 445 95']) {
      expect(names(await search(`term=${encodeURIComponent(term)}`)), term).toEqual(['Фёдоров Артём Ильич']);
    }
    expect(names(await search('term=112-233'))).toEqual(['Фёдоров Артём Ильич']);
  });

  it('lets the public find by SNILS only when it is complete and valid', async () => {
    expect(names(await search('term=11223344595', 'public'))).toEqual(['Фёдоров Артём Ильич']);
    expect(names(await search('term=112-233', 'public'))).toEqual([]);
    expect(names(await search('term=11223344594', 'public'))).toEqual([]);
  });

  it('filters by status, SRO and transfers; empty parameters are ignored', async () => {
    expect(names(await search('status=1'))).toEqual(['Фёдоров Артём Ильич']);
    expect(names(await search(`org=${sro.id}`))).toEqual(['Петрова Алёна', 'Фёдоров Артём Ильич']);
    expect(names(await search('transfer=true'))).toEqual(['Петрова Алёна']);
    expect((await search('term=&status=&org=&transfer=&full=&page=')).Results).toHaveLength(20);
  });

  it('pages in alphabetical order with 20 rows a page', async () => {
    const first = await search('');
    expect(first).toMatchObject({ Page: 0, TotalPages: 2, HasMore: false });
    expect(first.Results).toHaveLength(20);
    expect(names(first).slice(0, 2)).toEqual(['Петрова Алёна', 'Фёдоров Артём Ильич']);
    const second = await search('page=1');
    expect(second.Results).toHaveLength(5);
    expect(new Set([...names(first), ...names(second)]).size).toBe(25);
  });

  it('answers exactly the contract, though written without a pass through its schema', async () => {
    for (const [query, as] of [
      ['', 'public'],
      ['term=федоров', 'public'],
      ['term=ков', 'operator'],
    ] as const) {
      const body = await search(query, as);
      expect(body, query).toStrictEqual(InternSearchResultSchema.parse(body));
    }
  });

  it("gives operators each trainee's SNILS and birth date, and the public neither, not even as a name", async () => {
    const term = `term=${encodeURIComponent('федоров')}`;
    expect((await search(term)).Results).toMatchObject([
      { Id: fedorov.Id, Snils: '112-233-445 95', DateOfBirth: '1994-07-12' },
    ]);
    // A trainee without a birth date, found by SNILS, by a word inside the name and on a plain page.
    const petrova = { Id: transferred.Id, Snils: '087-654-303 00', DateOfBirth: null };
    expect((await search('term=08765430300')).Results).toMatchObject([petrova]);
    expect((await search(`term=${encodeURIComponent('етрова')}`)).Results).toMatchObject([petrova]);
    expect((await search('')).Results[0]).toMatchObject(petrova);
    const organizationMember = await createAccount(t.database.db, { organizationId: sro.id });
    const { cookie } = await loginAs(t.app, organizationMember.email, organizationMember.password);
    for (const headers of [{}, { cookie }]) {
      for (const query of [term, 'term=11223344595', '']) {
        const response = await t.app.inject({ url: `/api/v1/interns/search?${query}`, headers });
        const rows: Record<string, unknown>[] = response.json().Results;
        expect(rows.length, query).toBeGreaterThan(0);
        for (const row of rows)
          expect(Object.keys(row)).toEqual(['Id', 'FullName', 'Status', 'RegistrationNumbers', 'IsDeleted']);
        expect(response.body).not.toMatch(/Snils|DateOfBirth|112-233-445 95|1994-07-12/);
      }
    }
  });

  it('counts names that contain a word further on as well as those that start with it', async () => {
    // 23 «Яковлев…» start with the word; «ков» is only inside them.
    expect(await search('term=яковлев')).toMatchObject({ TotalPages: 2, HasMore: false });
    expect(await search('term=ков', 'public')).toMatchObject({ TotalPages: 2, HasMore: false });
    expect((await search('term=ков&page=1')).Results).toHaveLength(3);
  });

  it('refuses nonsense parameters in Russian', async () => {
    const response = await t.app.inject({ url: '/api/v1/interns/search?status=7&page=-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toHaveLength(2);
  });

  it('lists registration numbers as the card does: completed, then ongoing, then the rest, newest first', async () => {
    const third = await createOrganization(t.database.db, { name: 'СРО «Третье объединение»' });
    // Last in the alphabet, so on the second page of the unfiltered list; not in `sro`, whose export is tested.
    const many = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo({ LastName: 'Ящерицына' })],
      Internships: [
        internship(otherSro.id, { Id: -2, Status: 2, RegistryNumber: 'П-1', StartedAt: '2024-01-01' }),
        internship(third.id, { Id: -3, Status: 0, RegistryNumber: 'П-2', StartedAt: '2023-01-01' }),
        internship(third.id, { Id: -4, Status: 3, RegistryNumber: 'П-3', StartedAt: '2020-01-01' }),
        internship(otherSro.id, { Id: -5, Status: 0, RegistryNumber: 'П-4', StartedAt: '2025-01-01' }),
        internship(third.id, { Id: -6, Status: 4, RegistryNumber: 'П-5', StartedAt: null }),
        internship(third.id, { Id: -7, Status: 1, RegistryNumber: null, StartedAt: '2025-02-01' }),
        internship(otherSro.id, { Id: -8, Status: 1, RegistryNumber: 'П-6', StartedAt: '2022-01-01' }),
        internship(third.id, { Id: -9, Status: 1, RegistryNumber: 'П-7', StartedAt: '2022-01-01' }),
      ],
    });
    const expected = [
      { Organization: { Id: third.id, Name: third.name }, Number: 'П-3', Status: 3 },
      { Organization: { Id: otherSro.id, Name: otherSro.name }, Number: 'П-4', Status: 0 },
      { Organization: { Id: third.id, Name: third.name }, Number: 'П-2', Status: 0 },
      { Organization: { Id: otherSro.id, Name: otherSro.name }, Number: 'П-1', Status: 2 },
      { Organization: { Id: otherSro.id, Name: otherSro.name }, Number: 'П-6', Status: 1 },
      { Organization: { Id: third.id, Name: third.name }, Number: 'П-7', Status: 1 },
      { Organization: { Id: third.id, Name: third.name }, Number: 'П-5', Status: 4 },
    ];
    expect(many.RegistrationNumbers).toEqual(expected);
    const row = (result: { Results: { Id: number }[] }) => result.Results.find((item) => item.Id === many.Id);
    // The plain list read with an offset, the split search by a word's start, an SRO's list, the public.
    const secondPage = await search('page=1');
    expect(names(secondPage).at(-1)).toBe('Ящерицына Елена Викторовна');
    expect(row(secondPage)).toEqual({
      Id: many.Id,
      FullName: 'Ящерицына Елена Викторовна',
      Status: 0,
      RegistrationNumbers: expected,
      IsDeleted: false,
      Snils: null,
      DateOfBirth: null,
    });
    expect(row(await search('term=ящер'))?.RegistrationNumbers).toEqual(expected);
    expect(row(await search(`org=${third.id}`))?.RegistrationNumbers).toEqual(expected);
    expect(row(await search('term=ящерицына', 'public'))?.RegistrationNumbers).toEqual(expected);
    // The other rows of the page keep their own numbers, or none.
    const others = secondPage.Results.filter((item: { Id: number }) => item.Id !== many.Id);
    expect(others.map((item: { RegistrationNumbers: unknown[] }) => item.RegistrationNumbers)).toEqual(
      others.map(() => []),
    );
    expect((await search('term=федоров')).Results[0].RegistrationNumbers).toEqual([
      { Organization: { Id: sro.id, Name: sro.name }, Number: 'СЗО-17', Status: 3 },
    ]);
  });
});

describe('public answers', () => {
  it('never contain a SNILS, passport, birth date or contact of a trainee or a supervisor', async () => {
    const urls = [
      `/api/v1/interns/${fedorov.Id}/public`,
      `/api/v1/interns/search?term=${encodeURIComponent('федоров')}`,
      '/api/v1/interns/search?term=11223344595',
      '/api/v1/interns/search',
    ];
    const answers = await Promise.all(urls.map((url) => t.app.inject({ url })));
    const forbidden = [
      '112-233-445 95',
      '11223344595',
      '1994-07-12',
      '45 09',
      '654 321',
      '2014-08-01',
      'ОВД Тверского района',
      '+7 916 555-12-34',
      'ул. Тверская',
      'fedorov.private@example.org',
      '+7 900 000-00-01',
      'Snils',
      'Passport',
      'Contacts',
      'DateOfBirth',
    ];
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().Results?.length ?? 1, urls[index]).toBeGreaterThan(0);
      for (const secret of forbidden)
        expect(answer.body, `${urls[index]} leaks ${secret}`).not.toContain(secret);
    }
    const card = answers[0]!.json();
    expect(card).toMatchObject({
      FullName: 'Фёдоров Артём Ильич',
      PersonalInfo: [{ LastName: 'Фёдоров', FirstName: 'Артём', PatronymicName: 'Ильич' }],
      Supervisors: [{ LastName: 'Кузнецов', CadastreNumber: '77-11-123' }],
      Internships: [{ RegistryNumber: 'СЗО-17', Organization: { Name: sro.name } }],
      RegistrationNumbers: [{ Number: 'СЗО-17' }],
    });
    expect(card.InternshipSteps).toHaveLength(1);
  });
});

describe('GET /api/v1/interns/export', () => {
  it('streams the filtered list as .xlsx with a dated UTF-8 file name', async () => {
    const response = await t.app.inject({
      url: `/api/v1/interns/export?org=${sro.id}`,
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="interns-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''%D0%A1%D1%82%D0%B0%D0%B6%D1%91%D1%80%D1%8B%20\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const workbook = await readWorkbook(response.rawPayload);
    const sheet = workbook.getWorksheet('Стажёры')!;
    const rows = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Код', 'ФИО', 'СРО и реестровые номера', 'Статус'],
      [transferred.Id, 'Петрова Алёна', `${otherSro.name}: ЮО-8; ${sro.name}: СЗО-3`, 'Стажёр'],
      [fedorov.Id, 'Фёдоров Артём Ильич', `${sro.name}: СЗО-17`, 'Допущен к экзамену'],
    ]);
  });

  it('with full=true adds a sheet per section with every field', async () => {
    const response = await t.app.inject({
      url: '/api/v1/interns/export?full=true&term=федоров',
      headers: { cookie: operator.cookie },
    });
    expect(response.headers['content-disposition']).toMatch(/filename="interns-full-/);
    const workbook = await readWorkbook(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Стажёры',
      'Персональные данные',
      'Руководитель стажировки',
      'Стажировка',
      'Этапы стажировки',
      'Экзамен',
      'Результаты экзамена',
      'Апелляция',
      'Переоформление',
      'Документы',
    ]);
    const personal = workbook.getWorksheet('Персональные данные')!;
    const header = (personal.getRow(1).values as unknown[]).slice(1);
    const values = (personal.getRow(2).values as unknown[]).slice(1);
    const cell = (label: string) => values[header.indexOf(label)];
    expect(cell('ФИО')).toBe('Фёдоров Артём Ильич');
    expect(cell('СНИЛС')).toBe('112-233-445 95');
    expect(cell('Дата рождения')).toBe('1994.07.12');
    expect(cell('Паспорт: кем выдан')).toBe('ОВД Тверского района');
    const internships = workbook.getWorksheet('Стажировка')!;
    const internshipHeader = (internships.getRow(1).values as unknown[]).slice(1);
    const internshipValues = (internships.getRow(2).values as unknown[]).slice(1);
    expect(internshipValues[internshipHeader.indexOf('СРО')]).toBe(sro.name);
    expect(internshipValues[internshipHeader.indexOf('Статус стажировки')]).toBe('Завершена');
  });

  it('leaves deleted trainees out', async () => {
    const gone = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo({ LastName: 'Выбывшая' })],
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interns/${gone.Id}`,
      headers: { cookie: operator.cookie, ...clientHeaders },
    });
    const response = await t.app.inject({
      url: '/api/v1/interns/export?term=выбывшая',
      headers: { cookie: operator.cookie },
    });
    const rows = (await readWorkbook(response.rawPayload)).getWorksheet('Стажёры')!.rowCount;
    expect(rows).toBe(1);
  });
});

describe('GET /api/v1/archives/search', () => {
  it('finds change protocols by number', async () => {
    await createIntern(
      t.app,
      operator.cookie,
      { PersonalInfo: [personalInfo({ LastName: 'Протокольная' })] },
      { number: 'ПР-2025/77', date: '2025-06-01' },
    );
    const response = await t.app.inject({
      url: '/api/v1/archives/search?term=пр-2025',
      headers: { cookie: operator.cookie },
    });
    expect(response.json()).toMatchObject({
      TotalPages: 1,
      Results: [
        {
          Intern: { FullName: 'Протокольная Елена Викторовна' },
          Requisites: { Number: 'ПР-2025/77', Date: '2025-06-01' },
          Modified: ['PersonalInfo'],
          Import: null,
        },
      ],
    });
  });

  it('answers 404 for an entry asked for under another section', async () => {
    const response = await t.app.inject({
      url: `/api/v1/archives/supervisors/${1}`,
      headers: { cookie: operator.cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});
