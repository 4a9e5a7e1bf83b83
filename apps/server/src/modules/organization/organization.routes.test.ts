import { beforeAll, describe, expect, it } from 'vitest';
import {
  emailOfLength,
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

let t: TestApp;
let callers: Callers;
let asOperator: CallersTest['asOperator'];
useCallersApp((test) => ({ t, callers, asOperator } = test));

let numbers = 100;
/** A register number no other test of this file uses. */
const nextNumber = () => String(++numbers);

const create = (payload: object) =>
  asOperator.send('POST', '/api/v1/organizations/', { RegistryNumber: nextNumber(), ...payload });
const update = (id: number, payload: object) =>
  asOperator.send('PUT', `/api/v1/organizations/${id}`, payload);

function search(term: string, page = 0) {
  return t.app.inject({
    url: `/api/v1/organizations/search?term=${encodeURIComponent(term)}&page=${page}`,
    headers: callers.asOperator,
  });
}

describe('who may call', () => {
  it('lets only operators search, create and edit SROs', async () => {
    const existing = await createOrganization(t.database.db);
    await expectOperatorsOnly(t, callers, [
      { method: 'GET', url: '/api/v1/organizations/search?term=СРО' },
      {
        method: 'POST',
        url: '/api/v1/organizations/',
        payload: { Name: 'СРО «Гарант»', RegistryNumber: '001' },
      },
      { method: 'PUT', url: `/api/v1/organizations/${existing.id}`, payload: { Name: existing.name } },
    ]);
  });
});

describe('POST /api/v1/organizations/', () => {
  it('creates an SRO and answers with it', async () => {
    const response = await create({
      Name: '  Ассоциация «Союз кадастровых инженеров»  ',
      FormerName: 'НП «Кадастровые инженеры»',
      EmailAddress: 'info@kadastr.example',
      RegistryNumber: '005',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      Id: expect.any(Number),
      Name: 'Ассоциация «Союз кадастровых инженеров»',
      FormerName: 'НП «Кадастровые инженеры»',
      EmailAddress: 'info@kadastr.example',
      RegistryNumber: '005',
    });
  });

  it('keeps blank optional fields as null', async () => {
    const response = await create({ Name: 'СРО «Без почты»', FormerName: '', EmailAddress: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ FormerName: null, EmailAddress: null });
  });

  it('requires a name and a register number', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/',
      headers: callers.asOperator,
      payload: { Name: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual([
      '«Name»: Данное поле обязательно для заполнения',
      '«RegistryNumber»: Данное поле обязательно для заполнения',
    ]);
  });

  it('takes a register number of exactly three digits', async () => {
    for (const RegistryNumber of ['1', '0001', '12a', 'abc']) {
      const response = await create({ Name: 'СРО', RegistryNumber });
      expect(response.statusCode, RegistryNumber).toBe(400);
      expect(response.json().Info).toEqual([
        '«RegistryNumber»: Номер в государственном реестре СРО — три цифры, например 007',
      ]);
    }
  });

  it('limits the name and the former name to 500 characters and the e-mail to 200', async () => {
    await expectLengthLimit('Name', 500, (n) => create({ Name: textOfLength(n) }));
    await expectLengthLimit('FormerName', 500, (n) => create({ Name: 'СРО', FormerName: textOfLength(n) }));
    await expectLengthLimit('EmailAddress', 200, (n) =>
      create({ Name: 'СРО', EmailAddress: emailOfLength(n) }),
    );
  });

  it('refuses a malformed e-mail', async () => {
    const response = await create({ Name: 'СРО', EmailAddress: 'info@' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual(['«EmailAddress»: Неверный адрес электронной почты']);
  });

  it('refuses a register number another SRO has, with 409', async () => {
    expect((await create({ Name: 'СРО «Первое»', RegistryNumber: '042' })).statusCode).toBe(201);
    const duplicate = await create({ Name: 'СРО «Второе»', RegistryNumber: '042' });
    expectError(duplicate, 409, 'СРО с номером 042 уже есть в реестре');
  });
});

describe('PUT /api/v1/organizations/{id}', () => {
  it('changes every field', async () => {
    const created = (await create({ Name: 'СРО «Старое имя»' })).json();
    const response = await update(created.Id, {
      Name: 'СРО «Новое имя»',
      FormerName: 'СРО «Старое имя»',
      EmailAddress: 'new@sro.example',
      RegistryNumber: '077',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      Id: created.Id,
      Name: 'СРО «Новое имя»',
      FormerName: 'СРО «Старое имя»',
      EmailAddress: 'new@sro.example',
      RegistryNumber: '077',
    });
  });

  it('lets an SRO entered before numbers were kept stay without one, but never loses a known number', async () => {
    const legacy = await createOrganization(t.database.db, { name: 'СРО без номера' });
    const kept = await update(legacy.id, { Name: 'СРО без номера (исправлено)', RegistryNumber: '' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ RegistryNumber: null, Name: 'СРО без номера (исправлено)' });

    const numbered = (await create({ Name: 'СРО с номером' })).json();
    const removed = await update(numbered.Id, { Name: 'СРО с номером', RegistryNumber: null });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().Info).toEqual(['«RegistryNumber»: Данное поле обязательно для заполнения']);
  });

  it('applies the same limits as creation', async () => {
    const created = (await create({ Name: 'СРО для проверки длины' })).json();
    const number = created.RegistryNumber;
    await expectLengthLimit('Name', 500, (n) =>
      update(created.Id, { Name: textOfLength(n), RegistryNumber: number }),
    );
    await expectLengthLimit('FormerName', 500, (n) =>
      update(created.Id, { Name: 'СРО', FormerName: textOfLength(n), RegistryNumber: number }),
    );
    await expectLengthLimit('EmailAddress', 200, (n) =>
      update(created.Id, { Name: 'СРО', EmailAddress: emailOfLength(n), RegistryNumber: number }),
    );
    const malformed = await update(created.Id, {
      Name: 'СРО',
      EmailAddress: 'no at sign',
      RegistryNumber: number,
    });
    expect(malformed.json().Info).toEqual(['«EmailAddress»: Неверный адрес электронной почты']);
    const unnamed = await update(created.Id, { Name: '', RegistryNumber: number });
    expect(unnamed.json().Info).toEqual(['«Name»: Данное поле обязательно для заполнения']);
  });

  it('refuses another SRO’s register number with 409', async () => {
    await create({ Name: 'СРО «Занятый номер»', RegistryNumber: '088' });
    const other = (await create({ Name: 'СРО «Другое»' })).json();
    const response = await update(other.Id, { Name: 'СРО «Другое»', RegistryNumber: '088' });
    expectError(response, 409, 'СРО с номером 088 уже есть в реестре');
  });

  it('answers 404 for an SRO that does not exist', async () => {
    const response = await update(999_999, { Name: 'СРО', RegistryNumber: '999' });
    expectError(response, 404, 'СРО не найдено');
  });
});

describe('GET /api/v1/organizations/search', () => {
  beforeAll(async () => {
    await create({ Name: 'Ассоциация «Гильдия Землемеров Поволжья»', RegistryNumber: '301' });
    await create({
      Name: 'СРО «Объединение Фёдоровых»',
      FormerName: 'НП «Межевики Прикамья»',
      RegistryNumber: '302',
    });
  });

  const names = async (term: string) =>
    (await search(term)).json<{ Results: { Name: string }[] }>().Results.map((row) => row.Name);

  it('finds by part of a word in any case', async () => {
    expect(await names('землемер')).toEqual(['Ассоциация «Гильдия Землемеров Поволжья»']);
    expect(await names('ГИЛЬДИЯ')).toEqual(['Ассоциация «Гильдия Землемеров Поволжья»']);
  });

  it('reads ё and е as the same letter, either way', async () => {
    expect(await names('федоровых')).toEqual(['СРО «Объединение Фёдоровых»']);
    expect(await names('ФЁДОР')).toEqual(['СРО «Объединение Фёдоровых»']);
  });

  it('needs every word, in any order, as parts of words', async () => {
    expect(await names('повол гильд')).toEqual(['Ассоциация «Гильдия Землемеров Поволжья»']);
    expect(await names('поволжья федоровых')).toEqual([]);
  });

  it('finds by the former name and by the register number', async () => {
    expect(await names('межевики')).toEqual(['СРО «Объединение Фёдоровых»']);
    expect(await names('302')).toEqual(['СРО «Объединение Фёдоровых»']);
  });

  it('takes % and _ literally', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('answers in pages of 20, sorted by name', async () => {
    for (let i = 0; i < 23; i++) await create({ Name: `Пагинация ${String(i).padStart(2, '0')}` });
    await expectPages(
      t,
      callers.asOperator,
      (page) => `/api/v1/organizations/search?term=пагинация&page=${page}`,
      23,
    );
    const first = (await search('пагинация')).json();
    expect(first.Results[0].Name).toBe('Пагинация 00');
    expect(first.Results[19].Name).toBe('Пагинация 19');
  });

  it('lists every SRO without a term and refuses a negative page', async () => {
    const all = (
      await t.app.inject({ url: '/api/v1/organizations/search', headers: callers.asOperator })
    ).json();
    expect(all.Page).toBe(0);
    expect(all.Results.length).toBe(20);
    const negative = await search('', -1);
    expect(negative.statusCode).toBe(400);
  });
});
