import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createOrganization } from '../../test/factories.js';
import { buildTestApp, clientHeaders, loginAs, type TestApp } from '../../test/build-test-app.js';
import { createIntern, internship, personalInfo, protocol, saveIntern } from '../../test/interns.js';

let t: TestApp;
let operator: { cookie: string };
let representative: { cookie: string };
let sro: { id: number; name: string };
let otherSro: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  sro = await createOrganization(t.database.db, { name: 'СРО «Объединение кадастровых инженеров»' });
  otherSro = await createOrganization(t.database.db, { name: 'СРО «Гильдия кадастровых инженеров»' });
  const op = await createAccount(t.database.db, { fullName: 'Орлова Светлана Игоревна' });
  const rep = await createAccount(t.database.db, { organizationId: sro.id });
  operator = await loginAs(t.app, op.email, op.password);
  representative = await loginAs(t.app, rep.email, rep.password);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const history = async (section: string, entryId: number) =>
  (await get(`/api/v1/archives/${section}/${entryId}`, operator.cookie)).json();

describe('POST /api/v1/interns/', () => {
  it('creates a trainee with its first versions under one basis document', async () => {
    const card = await createIntern(
      t.app,
      operator.cookie,
      {
        PersonalInfo: [personalInfo({ LastName: 'Фёдорова', Snils: '11223344595' })],
        Internships: [internship(sro.id, { RegistryNumber: 'ОКИ-001', StartedAt: '2025-01-15' })],
      },
      protocol('17-П', '2025-01-20'),
    );
    expect(card).toMatchObject({
      Version: 1,
      FullName: 'Фёдорова Елена Викторовна',
      Status: 0,
      IsDeleted: false,
      RegistrationNumbers: [{ Organization: { Id: sro.id, Name: sro.name }, Number: 'ОКИ-001', Status: 0 }],
      ChangeProtocols: [
        {
          Requisites: { Number: '17-П', Date: '2025-01-20' },
          Import: null,
          IsCorrection: false,
          OperatorName: 'Орлова Светлана Игоревна',
        },
      ],
    });
    expect(card.PersonalInfo[0]).toMatchObject({ Entry_Id: 1, Snils: '112-233-445 95' });
    expect(card.PersonalInfo[0].Id).toBeGreaterThan(0);
    expect(card.Internships[0].Organization).toEqual({ Id: sro.id, Name: sro.name });

    const timeline = await history('personal-info', card.PersonalInfo[0].Id);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({
      Kind: 'initial',
      KindName: 'Первичное внесение',
      OperatorName: 'Орлова Светлана Игоревна',
      Protocol: { Requisites: { Number: '17-П', Date: '2025-01-20' } },
      Data: { LastName: 'Фёдорова' },
      PreviousData: null,
    });
  });

  it('requires the basis document, personal info and known references', async () => {
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/interns/',
        headers: { cookie: operator.cookie, ...clientHeaders },
        payload,
      });

    const noBasis = await post({
      Intern: { PersonalInfo: [personalInfo()] },
      Protocol: { number: ' ', date: '' },
    });
    expect(noBasis.statusCode).toBe(400);
    expect(noBasis.json().Info).toEqual([
      '«Protocol.number»: Данное поле обязательно для заполнения',
      '«Protocol.date»: Данное поле обязательно для заполнения',
    ]);

    const noPerson = await post({ Intern: { Internships: [internship(sro.id)] }, Protocol: protocol() });
    expect(noPerson.statusCode).toBe(400);
    expect(noPerson.json().ErrorMessage).toBe('Заполните персональные данные стажёра');

    const unknownSro = await post({
      Intern: { PersonalInfo: [personalInfo()], Internships: [internship(987654)] },
      Protocol: protocol(),
    });
    expect(unknownSro.statusCode).toBe(400);
    expect(unknownSro.json().Info).toEqual(['СРО с кодом 987654 не найдено в справочнике']);

    const badFields = await post({
      Intern: {
        PersonalInfo: [personalInfo({ LastName: '', Snils: '112-233-445 00', DateOfBirth: '2001-13-01' })],
      },
      Protocol: protocol(),
    });
    expect(badFields.statusCode).toBe(400);
    expect(badFields.json().Info).toEqual([
      '«Intern.PersonalInfo.0.LastName»: Данное поле обязательно для заполнения',
      '«Intern.PersonalInfo.0.Snils»: Неверная контрольная сумма СНИЛС',
      '«Intern.PersonalInfo.0.DateOfBirth»: Неверная дата',
    ]);
  });
});

describe('PUT /api/v1/interns/{id}', () => {
  it('records an edit as a new version with what it was before', async () => {
    const card = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo({ FirstName: 'Ирина' })],
    });
    const entry = card.PersonalInfo[0];
    const response = await saveIntern(t.app, operator.cookie, card.Id, {
      Version: 1,
      PersonalInfo: [{ ...entry, FirstName: 'Ирина', PatronymicName: 'Олеговна' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Version: 2, FullName: 'Смирнова Ирина Олеговна' });
    expect(response.json().ChangeProtocols).toHaveLength(2);

    const timeline = await history('PersonalInfo', entry.Id);
    expect(timeline.map((record: { Kind: string }) => record.Kind)).toEqual(['initial', 'change']);
    expect(timeline[1]).toMatchObject({
      KindName: 'Изменение',
      Data: { PatronymicName: 'Олеговна' },
      PreviousData: { PatronymicName: 'Викторовна' },
    });
  });

  it('refuses a save made from an older version and writes nothing', async () => {
    const card = await createIntern(t.app, operator.cookie, { PersonalInfo: [personalInfo()] });
    const entry = card.PersonalInfo[0];
    expect(
      (
        await saveIntern(t.app, operator.cookie, card.Id, {
          Version: 1,
          PersonalInfo: [{ ...entry, FirstName: 'Анна' }],
        })
      ).statusCode,
    ).toBe(200);

    const stale = await saveIntern(t.app, operator.cookie, card.Id, {
      Version: 1,
      PersonalInfo: [{ ...entry, FirstName: 'Мария' }],
      Internships: [internship(sro.id)],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().ErrorMessage).toMatch(/уже сохранил другой пользователь/);
    const now = (await get(`/api/v1/interns/${card.Id}`, operator.cookie)).json();
    expect(now).toMatchObject({ Version: 2, FullName: 'Смирнова Анна Викторовна', Internships: [] });
    expect(now.ChangeProtocols).toHaveLength(2);

    const missing = await saveIntern(t.app, operator.cookie, card.Id, {
      PersonalInfo: [{ ...entry, FirstName: 'Мария' }],
    });
    expect(missing.statusCode).toBe(400);
  });

  it('corrects in place: the earlier version is amended and the correction is logged with its own basis', async () => {
    const card = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo({ LastName: 'Смирнва' })],
    });
    const entry = card.PersonalInfo[0];
    const response = await saveIntern(
      t.app,
      operator.cookie,
      card.Id,
      { Version: 1, PersonalInfo: [{ ...entry, LastName: 'Смирнова' }] },
      { isCorrecting: true, basis: protocol('Служебная записка 4', '2025-04-01') },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().FullName).toBe('Смирнова Елена Викторовна');
    expect(response.json().ChangeProtocols[1]).toMatchObject({
      IsCorrection: true,
      Requisites: { Number: 'Служебная записка 4' },
    });

    const timeline = await history('personal-info', entry.Id);
    expect(timeline.map((record: { Kind: string }) => record.Kind)).toEqual(['initial', 'correction']);
    expect(timeline[0].Data.LastName).toBe('Смирнова');
    expect(timeline[1]).toMatchObject({ KindName: 'Корректировка', PreviousData: { LastName: 'Смирнва' } });
  });

  it('refuses to add or remove entries while correcting', async () => {
    const card = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo()],
      Internships: [internship(sro.id)],
    });
    const adding = await saveIntern(
      t.app,
      operator.cookie,
      card.Id,
      { Version: 1, Supervisors: [{ Id: -5, LastName: 'Кузнецов', FirstName: 'Олег' }] },
      { isCorrecting: true },
    );
    expect(adding.statusCode).toBe(400);
    expect(adding.json().ErrorMessage).toBe('Добавление записей невозможно в режиме корректировки');
    const removing = await saveIntern(
      t.app,
      operator.cookie,
      card.Id,
      { Version: 1, Internships: [] },
      { isCorrecting: true },
    );
    expect(removing.json().ErrorMessage).toBe('Удаление записей невозможно в режиме корректировки');
  });

  it('removes an entry left out of its section and keeps its history', async () => {
    const card = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo()],
      Internships: [
        internship(sro.id, { RegistryNumber: 'R-1' }),
        internship(otherSro.id, { Id: -3, RegistryNumber: 'R-2' }),
      ],
    });
    const [first, second] = card.Internships;
    const response = await saveIntern(t.app, operator.cookie, card.Id, { Version: 1, Internships: [second] });
    expect(response.json().Internships.map((i: { Id: number }) => i.Id)).toEqual([second.Id]);
    expect(response.json().Internships[0].Entry_Id).toBe(1);
    expect(response.json().RegistrationNumbers.map((n: { Number: string }) => n.Number)).toEqual(['R-2']);
    const timeline = await history('internships', first.Id);
    expect(timeline.map((record: { KindName: string }) => record.KindName)).toEqual([
      'Первичное внесение',
      'Удаление записи',
    ]);
  });

  it('says there is nothing to save when nothing changed, and refuses an entry of another section', async () => {
    const card = await createIntern(t.app, operator.cookie, { PersonalInfo: [personalInfo()] });
    const same = await saveIntern(t.app, operator.cookie, card.Id, {
      Version: 1,
      PersonalInfo: card.PersonalInfo,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().ErrorMessage).toBe('Нет изменений для сохранения');

    const foreign = await saveIntern(t.app, operator.cookie, card.Id, {
      Version: 1,
      Supervisors: [{ Id: card.PersonalInfo[0].Id, LastName: 'Кузнецов', FirstName: 'Олег' }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().Info).toEqual([
      `Запись ${card.PersonalInfo[0].Id} не найдена в разделе «Руководитель стажировки»`,
    ]);
  });

  it('derives the status from internships, steps and exam results', async () => {
    const card = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo()],
      Internships: [internship(sro.id, { Status: 3, RegistryNumber: 'Z-9' })],
    });
    expect(card.Status).toBe(0);
    const admitted = await saveIntern(t.app, operator.cookie, card.Id, {
      Version: 1,
      InternshipSteps: [
        {
          Id: -1,
          HasPassed: true,
          ClosingStep: { StartedAt: '2025-05-01', EndedAt: '2025-05-20', HasPassed: true },
        },
      ],
    });
    expect(admitted.json().Status).toBe(1);
    const certified = await saveIntern(t.app, operator.cookie, card.Id, {
      Version: 2,
      ExaminationResults: [{ Id: -1, CorrectAnswersNumber: 74, HasPassed: true }],
    });
    expect(certified.json().Status).toBe(2);
  });

  it('orders registration numbers: completed, then ongoing, then the rest', async () => {
    const card = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo()],
      Internships: [
        internship(sro.id, { Id: -2, Status: 2, RegistryNumber: 'TERMINATED' }),
        internship(sro.id, { Id: -3, Status: 0, RegistryNumber: 'ONGOING' }),
        internship(otherSro.id, { Id: -4, Status: 3, RegistryNumber: 'COMPLETED' }),
      ],
    });
    expect(card.RegistrationNumbers.map((n: { Number: string }) => n.Number)).toEqual([
      'COMPLETED',
      'ONGOING',
      'TERMINATED',
    ]);
  });
});

describe('DELETE /api/v1/interns/{id} and restore', () => {
  it('hides a trainee from search, export and the public card, and restores it', async () => {
    const card = await createIntern(t.app, operator.cookie, {
      PersonalInfo: [personalInfo({ LastName: 'Удаляемая' })],
    });
    const found = async () =>
      (await get('/api/v1/interns/search?term=удаляемая', operator.cookie)).json().Results.length;
    const counted = async () => (await get('/api/v1/account/stats', operator.cookie)).json().InternsCount;
    expect(await found()).toBe(1);
    const before = await counted();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/interns/${card.Id}`,
      headers: { cookie: operator.cookie, ...clientHeaders },
    });
    expect(deleted.json()).toMatchObject({ IsDeleted: true });
    expect(await found()).toBe(0);
    expect(await counted()).toBe(before - 1);
    expect((await get(`/api/v1/interns/${card.Id}/public`)).statusCode).toBe(404);
    expect((await get(`/api/v1/interns/${card.Id}`, operator.cookie)).json().IsDeleted).toBe(true);

    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/v1/interns/${card.Id}/restore`,
      headers: { cookie: operator.cookie, ...clientHeaders },
    });
    expect(restored.json()).toMatchObject({ IsDeleted: false });
    expect(await found()).toBe(1);
  });

  it('answers 404 for a trainee that does not exist', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/interns/999999',
      headers: { cookie: operator.cookie, ...clientHeaders },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorMessage).toBe('Стажёр не найден');
  });
});

describe('who may call', () => {
  it('lets only operators read, write, delete and export; anyone reads the public card and list', async () => {
    const card = await createIntern(t.app, operator.cookie, { PersonalInfo: [personalInfo()] });
    const calls = [
      { method: 'GET', url: `/api/v1/interns/${card.Id}` },
      { method: 'GET', url: '/api/v1/interns/export' },
      {
        method: 'POST',
        url: '/api/v1/interns/',
        payload: { Intern: { PersonalInfo: [personalInfo()] }, Protocol: protocol() },
      },
      {
        method: 'PUT',
        url: `/api/v1/interns/${card.Id}`,
        payload: { Intern: { Version: 1 }, Protocol: protocol() },
      },
      { method: 'DELETE', url: `/api/v1/interns/${card.Id}` },
      { method: 'POST', url: `/api/v1/interns/${card.Id}/restore` },
      { method: 'GET', url: '/api/v1/archives/search' },
      { method: 'GET', url: `/api/v1/archives/personal-info/${card.PersonalInfo[0].Id}` },
    ] as const;
    for (const call of calls) {
      const anonymous = await t.app.inject({ ...call, headers: clientHeaders });
      expect(anonymous.statusCode, `${call.method} ${call.url} anonymous`).toBe(401);
      const asRepresentative = await t.app.inject({
        ...call,
        headers: { ...clientHeaders, cookie: representative.cookie },
      });
      expect(asRepresentative.statusCode, `${call.method} ${call.url} representative`).toBe(403);
    }
    expect((await get(`/api/v1/interns/${card.Id}/public`)).statusCode).toBe(200);
    expect((await get('/api/v1/interns/search')).statusCode).toBe(200);
  });
});
