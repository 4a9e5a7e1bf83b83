import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expectLengthLimit,
  expectOperatorsOnly,
  expectPages,
  expectError,
  textOfLength,
  useCallersApp,
  type Callers,
  type CallersTest,
} from '../../test/api.js';
import type { TestApp } from '../../test/build-test-app.js';
import { createOrganization } from '../../test/factories.js';
import { productionCalendar, productionCalendarSql } from './production-calendar.js';

let t: TestApp;
let callers: Callers;
let asOperator: CallersTest['asOperator'];
useCallersApp((test) => ({ t, callers, asOperator } = test));

const create = (code: string, Value: string) =>
  asOperator.send('POST', `/api/v1/dictionaries/${code}`, { Value });
const update = (code: string, id: number, Value: string) =>
  asOperator.send('PUT', `/api/v1/dictionaries/${code}/entries/${id}`, { Value });

async function entries(code: string) {
  const response = await t.app.inject({
    url: `/api/v1/dictionaries/${code}/entries`,
    headers: callers.asOperator,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Id: number; Value: string }[]>();
}

const values = (code: string, term: string) =>
  asOperator.found(`/api/v1/dictionaries/${code}/search`, term, 'Value');

describe('who may call', () => {
  it('lets only operators read and change dictionaries', async () => {
    const entry = (await create('addresses', 'г. Казань, ул. Проверочная, д. 1')).json();
    await expectOperatorsOnly(t, callers, [
      { method: 'GET', url: '/api/v1/dictionaries/termination-reasons/entries' },
      { method: 'GET', url: '/api/v1/dictionaries/addresses/search?term=казань' },
      {
        method: 'POST',
        url: '/api/v1/dictionaries/addresses',
        payload: { Value: 'г. Казань, ул. Новая, д. 2' },
      },
      {
        method: 'PUT',
        url: `/api/v1/dictionaries/addresses/entries/${entry.Id}`,
        payload: { Value: 'г. Казань, ул. Проверочная, д. 1' },
      },
    ]);
  });
});

describe('a new database', () => {
  it('starts with the termination reasons, sorted alphabetically', async () => {
    expect((await entries('termination-reasons')).map((entry) => entry.Value)).toEqual([
      'Заявление стажёра',
      'Иное',
      'Исключение СРО из реестра',
      'Невыполнение программы стажировки',
      'Недостоверные сведения',
      'Переход в другую СРО',
      'Превышение срока приостановления',
      'Прекращение трудового договора',
      'Решение суда',
      'Смерть стажёра',
    ]);
  });

  it('holds the production calendar of 2024–2027: holidays, and the Saturdays made working days', async () => {
    const holidays = (await entries('holidays')).map((entry) => entry.Value);
    expect(holidays).toEqual(productionCalendar.flatMap((year) => year.holidays.map(([date]) => date)));
    expect(holidays).toHaveLength(73);
    expect(holidays).toEqual(expect.arrayContaining(['2025-12-31', '2026-01-09', '2027-11-04']));
    expect((await entries('working-days')).map((entry) => entry.Value)).toEqual([
      '2024-04-27',
      '2024-11-02',
      '2024-12-28',
      '2025-11-01',
    ]);
  });
});

describe('the production calendar migration', () => {
  it('leaves the days a database already has, and makes no holiday a working day', async () => {
    // As on a database where operators typed some days in before the calendar was shipped.
    await t.database.db.execute(sql`DELETE FROM dictionary_entries WHERE code = 'working-days'`);
    await create('holidays', '2025-11-01');
    const before = await entries('holidays');
    for (const statement of productionCalendarSql().split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }
    expect(await entries('holidays')).toEqual(before);
    expect((await entries('working-days')).map((entry) => entry.Value)).toEqual([
      '2024-04-27',
      '2024-11-02',
      '2024-12-28',
    ]);
  });
});

describe('an unknown dictionary code', () => {
  it('is answered with 404 on every route', async () => {
    const calls = [
      { method: 'GET', url: '/api/v1/dictionaries/planets/entries' },
      { method: 'GET', url: '/api/v1/dictionaries/planets/search?term=1' },
      { method: 'POST', url: '/api/v1/dictionaries/planets', payload: { Value: '2026-01-01' } },
      { method: 'PUT', url: '/api/v1/dictionaries/planets/entries/1', payload: { Value: '2026-01-01' } },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: callers.asOperator });
      expectError(response, 404, 'Справочник не найден', call.url);
    }
  });
});

describe('POST /api/v1/dictionaries/{code}', () => {
  it('adds a value to its dictionary and nowhere else', async () => {
    const response = await create('termination-reasons', '  Ликвидация организации  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ Id: expect.any(Number), Value: 'Ликвидация организации' });
    expect((await entries('termination-reasons')).map((entry) => entry.Value)).toContain(
      'Ликвидация организации',
    );
    expect((await entries('addresses')).map((entry) => entry.Value)).not.toContain('Ликвидация организации');
  });

  it('requires a value of at most 500 characters', async () => {
    const empty = await create('addresses', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Info).toEqual(['«Value»: Данное поле обязательно для заполнения']);
    await expectLengthLimit('Value', 500, (n) => create('addresses', textOfLength(n, 'Длинный адрес ')));
  });

  it('refuses, with 409, a value the dictionary has in another case or with ё for е', async () => {
    const duplicate = await create('termination-reasons', 'ЗАЯВЛЕНИЕ СТАЖЕРА');
    expectError(
      duplicate,
      409,
      'Значение «Заявление стажёра» уже есть в справочнике «Основания прекращения стажировки»',
    );
  });

  it('allows the same value in two dictionaries', async () => {
    expect((await create('addresses', 'Иное')).statusCode).toBe(201);
  });

  it('keeps holidays as real dates, since import deadlines skip them', async () => {
    const before = await entries('holidays');
    expect((await create('holidays', '2028-01-07')).statusCode).toBe(201);
    for (const value of ['2028-02-30', '7 января 2028', '07.01.2028']) {
      const refused = await create('holidays', value);
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().Info).toEqual([
        '«Value»: Праздничный день записывается как дата ГГГГ-ММ-ДД, например 2027-01-07',
      ]);
    }
    expect((await entries('holidays')).map((entry) => entry.Value)).toEqual([
      ...before.map((entry) => entry.Value),
      '2028-01-07',
    ]);
  });

  it('keeps working days by transfer as Saturdays and Sundays, since a weekday is working anyway', async () => {
    // 2028-01-08 is a Saturday, 2028-01-09 a Sunday, 2028-01-03 a Monday.
    expect((await create('working-days', '2028-01-08')).statusCode).toBe(201);
    expect((await create('working-days', '2028-01-09')).statusCode).toBe(201);
    for (const value of ['2028-01-03', '2028-02-30', '08.01.2028']) {
      const refused = await create('working-days', value);
      expect(refused.statusCode, value).toBe(400);
      expect(refused.json().Info).toEqual([
        '«Value»: Рабочий день по переносу — это суббота или воскресенье, дата ГГГГ-ММ-ДД, например 2025-11-01',
      ]);
    }
    expect((await entries('working-days')).map((entry) => entry.Value)).toEqual(
      expect.arrayContaining(['2028-01-08', '2028-01-09']),
    );
    expect(await values('working-days', '2028-01')).toEqual(['2028-01-08', '2028-01-09']);
  });

  it('never keeps a day as both a holiday and a working day, either way round', async () => {
    const working = (await create('working-days', '2028-04-01')).json();
    await create('holidays', '2028-04-02');
    const asHoliday = await create('holidays', '2028-04-01');
    expectError(
      asHoliday,
      409,
      'День 2028.04.01 уже есть в справочнике «Рабочие дни (переносы)»: день не может быть и праздничным, и рабочим',
    );
    const asWorking = await update('working-days', working.Id, '2028-04-02');
    expectError(
      asWorking,
      409,
      'День 2028.04.02 уже есть в справочнике «Праздничные дни»: день не может быть и праздничным, и рабочим',
    );
    expect(await values('working-days', '2028-04')).toEqual(['2028-04-01']);
    expect(await values('holidays', '2028-04')).toEqual(['2028-04-02']);
  });
});

describe('PUT /api/v1/dictionaries/{code}/entries/{id}', () => {
  it('changes a value', async () => {
    const created = (await create('addresses', 'г. Самара, ул. Ленина')).json();
    const response = await update('addresses', created.Id, 'г. Самара, ул. Ленинская, д. 5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Id: created.Id, Value: 'г. Самара, ул. Ленинская, д. 5' });
  });

  it('applies the limits and the uniqueness of creation', async () => {
    const created = (await create('addresses', 'г. Пермь')).json();
    await expectLengthLimit('Value', 500, (n) =>
      update('addresses', created.Id, textOfLength(n, 'г. Пермь ')),
    );
    expect((await update('addresses', created.Id, ' ')).json().Info).toEqual([
      '«Value»: Данное поле обязательно для заполнения',
    ]);
    await create('addresses', 'г. Орёл');
    const duplicate = await update('addresses', created.Id, 'Г. ОРЕЛ');
    expectError(duplicate, 409, 'Значение «г. Орёл» уже есть в справочнике «Адреса»');
  });

  it('answers 404 for an entry of another dictionary', async () => {
    const [reason] = await entries('termination-reasons');
    const response = await update('addresses', reason!.Id, 'Подмена');
    expect(response.statusCode).toBe(404);
    expect((await entries('termination-reasons')).map((entry) => entry.Value)).not.toContain('Подмена');
  });
});

describe('GET /api/v1/dictionaries/{code}/search', () => {
  it('finds by parts of words, in any case, with ё read as е', async () => {
    await create('addresses', 'г. Королёв, ул. Циолковского');
    expect(await values('addresses', 'КОРОЛЕВ')).toEqual(['г. Королёв, ул. Циолковского']);
    expect(await values('addresses', 'циолк корол')).toEqual(['г. Королёв, ул. Циолковского']);
    expect(await values('termination-reasons', 'стажер')).toEqual(['Заявление стажёра', 'Смерть стажёра']);
  });

  it('answers in pages of 20 within one dictionary', async () => {
    for (let i = 0; i < 21; i++) await create('addresses', `Посёлок Страничный, д. ${i}`);
    await expectPages(
      t,
      callers.asOperator,
      (page) => `/api/v1/dictionaries/addresses/search?term=страничный&page=${page}`,
      21,
    );
    expect(await values('termination-reasons', 'страничный')).toEqual([]);
  });
});

describe('schools and SROs as dictionaries', () => {
  it('keeps schools in the schools list, with Value as the name', async () => {
    const created = (await create('schools', 'Горный институт')).json();
    expect(await values('schools', 'горный')).toEqual(['Горный институт']);
    const renamed = await update('schools', created.Id, 'Горный университет');
    expect(renamed.json()).toEqual({ Id: created.Id, Value: 'Горный университет' });
    const fromSchools = await t.app.inject({
      url: '/api/v1/schools/search?term=горный',
      headers: callers.asOperator,
    });
    expect(fromSchools.json().Results).toEqual([{ Id: created.Id, Name: 'Горный университет' }]);
    expect(await entries('schools')).toContainEqual({ Id: created.Id, Value: 'Горный университет' });
    expect((await create('schools', 'ГОРНЫЙ  университет')).statusCode).toBe(409);
  });

  it('lists and renames SROs but adds them only with a register number, on the SRO screen', async () => {
    const sro = await createOrganization(t.database.db, { name: 'СРО «Словарное»', registryNumber: '123' });
    expect(await entries('organizations')).toContainEqual({ Id: sro.id, Value: 'СРО «Словарное»' });
    expect(await values('organizations', 'словарн')).toEqual(['СРО «Словарное»']);

    const renamed = await update('organizations', sro.id, 'СРО «Словарное-2»');
    expect(renamed.json()).toEqual({ Id: sro.id, Value: 'СРО «Словарное-2»' });
    const fromSro = await t.app.inject({
      url: '/api/v1/organizations/search?term=словарное',
      headers: callers.asOperator,
    });
    expect(fromSro.json().Results).toEqual([
      { Id: sro.id, Name: 'СРО «Словарное-2»', FormerName: null, EmailAddress: null, RegistryNumber: '123' },
    ]);

    const added = await create('organizations', 'СРО без номера');
    expect(added.statusCode).toBe(400);
    expect(added.json().Info).toEqual(['«RegistryNumber»: Данное поле обязательно для заполнения']);
  });
});
