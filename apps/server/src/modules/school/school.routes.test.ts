import { beforeAll, describe, expect, it } from 'vitest';
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

let t: TestApp;
let callers: Callers;
let asOperator: CallersTest['asOperator'];
useCallersApp((test) => ({ t, callers, asOperator } = test));

const create = (Name: string) => asOperator.send('POST', '/api/v1/schools/', { Name });
const update = (id: number, Name: string) => asOperator.send('PUT', `/api/v1/schools/${id}`, { Name });
const names = (term: string) => asOperator.found('/api/v1/schools/search', term, 'Name');

describe('who may call', () => {
  it('lets only operators search, create and edit schools', async () => {
    const existing = (await create('Колледж для проверки прав')).json();
    await expectOperatorsOnly(t, callers, [
      { method: 'GET', url: '/api/v1/schools/search?term=колледж' },
      { method: 'POST', url: '/api/v1/schools/', payload: { Name: 'Колледж, созданный оператором' } },
      {
        method: 'PUT',
        url: `/api/v1/schools/${existing.Id}`,
        payload: { Name: 'Колледж для проверки прав' },
      },
    ]);
  });
});

describe('POST /api/v1/schools/', () => {
  it('creates a school with its name trimmed', async () => {
    const response = await create('  ФГБОУ ВО «Государственный университет по землеустройству»  ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      Id: expect.any(Number),
      Name: 'ФГБОУ ВО «Государственный университет по землеустройству»',
    });
  });

  it('requires a name of at most 500 characters', async () => {
    const empty = await create(' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Info).toEqual(['«Name»: Данное поле обязательно для заполнения']);
    await expectLengthLimit('Name', 500, (n) => create(textOfLength(n, 'Длинное имя ')));
  });

  it('refuses, with 409, a name that differs only in case, ё/е, quotes or spacing', async () => {
    expect((await create('Колледж «Ёлочка»')).statusCode).toBe(201);
    for (const spelling of [
      'КОЛЛЕДЖ «ЁЛОЧКА»',
      'Колледж "Елочка"',
      "Колледж   'елочка'",
      ' колледж ёлочка ',
    ]) {
      const response = await create(spelling);
      expectError(response, 409, 'Учебное заведение «Колледж «Ёлочка»» уже есть в справочнике', spelling);
    }
  });
});

describe('PUT /api/v1/schools/{id}', () => {
  it('renames a school, also to another spelling of its own name', async () => {
    const created = (await create('Техникум геодезии')).json();
    const renamed = await update(created.Id, 'Техникум геодезии и картографии');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ Id: created.Id, Name: 'Техникум геодезии и картографии' });
    const respelt = await update(created.Id, 'ТЕХНИКУМ ГЕОДЕЗИИ И КАРТОГРАФИИ');
    expect(respelt.statusCode).toBe(200);
  });

  it('refuses the name of another school with 409', async () => {
    await create('Академия «Кадастр»');
    const other = (await create('Академия «Межевание»')).json();
    const response = await update(other.Id, 'академия кадастр');
    expectError(response, 409, 'Учебное заведение «Академия «Кадастр»» уже есть в справочнике');
  });

  it('applies the same limits as creation', async () => {
    const created = (await create('Школа для проверки длины')).json();
    await expectLengthLimit('Name', 500, (n) =>
      update(created.Id, textOfLength(n, 'Школа для проверки длины ')),
    );
    const empty = await update(created.Id, '');
    expect(empty.json().Info).toEqual(['«Name»: Данное поле обязательно для заполнения']);
  });

  it('answers 404 for a school that does not exist', async () => {
    const response = await update(999_999, 'Нет такой');
    expectError(response, 404, 'Учебное заведение не найдено');
  });
});

describe('GET /api/v1/schools/search', () => {
  beforeAll(async () => {
    await create('Новосибирский государственный университет геосистем');
    await create('Колледж им. Фёдорова');
  });

  it('finds by parts of words in any case and order', async () => {
    expect(await names('ГЕОСИСТЕМ')).toEqual(['Новосибирский государственный университет геосистем']);
    expect(await names('универ новосиб')).toEqual(['Новосибирский государственный университет геосистем']);
  });

  it('reads ё and е as the same letter', async () => {
    expect(await names('федорова')).toEqual(['Колледж им. Фёдорова']);
    expect(await names('Фёдорова')).toEqual(['Колледж им. Фёдорова']);
  });

  it('answers in pages of 20', async () => {
    for (let i = 0; i < 41; i++) await create(`Училище номер ${i}`);
    await expectPages(
      t,
      callers.asOperator,
      (page) => `/api/v1/schools/search?term=училище&page=${page}`,
      41,
    );
  });
});
