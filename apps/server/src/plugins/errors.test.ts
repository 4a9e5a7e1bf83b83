import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { texts } from '@registry/shared';
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

/** Sends bytes as they are over a socket, past every client's encoding, and answers the raw response. */
async function sendRaw(
  port: number,
  request: Buffer,
): Promise<{ status: number; headers: string; body: string }> {
  const response = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
  const text = response.toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body };
}

describe('what the framework refuses before any route', () => {
  const appShape = (message: string) => ({
    ErrorMessage: message,
    ErrorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });

  it('answers a path with broken percent-encoding in the app shape, in Russian', async () => {
    for (const url of ['/api/v1/%ff', '/api/v1/interns/%E0%A4%A/public']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(appShape('Адрес запроса содержит неверно закодированные символы'));
    }
  });

  it('answers a raw UTF-8 address and oversized headers, which Node refuses, in the app shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const get = (target: string, headers = '') =>
      sendRaw(port, Buffer.from(`GET ${target} HTTP/1.1\r\nHost: registry\r\n${headers}\r\n`, 'utf8'));

    for (const target of ['/api/v1/interns/search?term=иванова', '/api/v1/interns/иванова/public']) {
      const response = await get(target);
      expect(response.status, target).toBe(400);
      expect(response.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
      expect(JSON.parse(response.body), target).toEqual(
        appShape(
          'Запрос нарушает протокол HTTP: адрес или заголовки содержат недопустимые символы (буквы в адресе кодируются, например %D0%B0)',
        ),
      );
    }
    const huge = await get('/api/v1/health', `X-Padding: ${'a'.repeat(20_000)}\r\n`);
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual(appShape('Заголовки запроса слишком велики'));

    // The same letters percent-encoded are an ordinary request.
    const encoded = await get(`/api/v1/interns/${encodeURIComponent('иванова')}/public`);
    expect(encoded.status).toBe(400);
    expect(JSON.parse(encoded.body).Info).toEqual([`«id»: ${texts.invalidId}`]);
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
