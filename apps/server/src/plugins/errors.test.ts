import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { buildTestApp, clientHeaders, type TestApp } from '../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extend(app) {
      app.get('/api/v1/test/crash', { config: { access: 'anyone' } }, async () => {
        throw new Error('select * from accounts where password_hash = $1 -- secret detail');
      });
      app.get('/api/v1/test/refuse', { config: { access: 'anyone' } }, async () => {
        throw new AppError(409, 'Запись уже изменена другим оператором', ['Строка 2: конфликт']);
      });
      app.post(
        '/api/v1/test/echo',
        { config: { access: 'anyone' }, schema: { body: z.object({ Name: z.string().max(3) }) } },
        async (request) => request.body,
      );
    },
  });
});
afterAll(() => t.close());

describe('the error handler', () => {
  it('hides the cause of a 5xx and logs it with the same ErrorId and the stack', async () => {
    const response = await t.app.inject({ url: '/api/v1/test/crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      ErrorMessage: 'При выполнении операции произошла непредвиденная ошибка',
      ErrorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(response.body).not.toMatch(/select|secret|stack|at /i);
    const logged = t.logLines().find((line) => line.errorId === body.ErrorId);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('secret detail');
    expect((logged?.err as { stack?: string }).stack).toMatch(/errors\.test\.ts/);
  });

  it('passes an AppError through with its status, message and Info lines', async () => {
    const response = await t.app.inject({ url: '/api/v1/test/refuse' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      ErrorMessage: 'Запись уже изменена другим оператором',
      Info: ['Строка 2: конфликт'],
    });
  });

  it('answers invalid JSON and a wrong content type in Russian', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { ...clientHeaders, 'content-type': 'application/json' },
      payload: '{"Name":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().ErrorMessage).toBe('Неверный запрос');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { ...clientHeaders, 'content-type': 'application/xml' },
      payload: '<Name/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().ErrorMessage).toBe('Неподдерживаемый тип содержимого запроса');
  });

  it('lists each invalid field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: clientHeaders,
      payload: { Name: 'слишком длинно' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Info).toEqual([expect.stringMatching(/^«Name»: /)]);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ErrorMessage: 'Запрошенный ресурс не найден' });
  });
});

describe('access declarations', () => {
  it('refuse to start an app with an API route that does not say who may call it', async () => {
    await expect(
      buildTestApp({
        extend(app) {
          app.get('/api/v1/test/undeclared', async () => 'open');
        },
      }),
    ).rejects.toThrow(/does not declare config.access/);
  });
});

describe('security headers', () => {
  it('send a content security policy and nosniff', async () => {
    const response = await t.app.inject({ url: '/api/v1/account' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
