import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiRequest,
  apiRequestUnchecked,
  fileNameFromDisposition,
  toApiError,
  withQuery,
} from './api-client';

function respond(status: number, body: string, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async () =>
      new Response(status === 204 ? null : body, {
        status,
        headers: { 'content-type': contentType },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof respond>): Headers {
  const init = fetchMock.mock.calls[0]?.at(1) as RequestInit | undefined;
  return new Headers(init?.headers);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('toApiError', () => {
  it('keeps the status and the fields of the error body', () => {
    const error = toApiError(
      409,
      JSON.stringify({ ErrorMessage: 'Запись уже обработана', ErrorId: 'abc', Info: ['Строка 2', 3] }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Запись уже обработана');
    expect(error.errorId).toBe('abc');
    expect(error.info).toEqual(['Строка 2']);
    expect(error.isClientError).toBe(true);
    expect(error.isUnauthorized).toBe(false);
  });

  it('keeps the trainee a refusal names, and drops one of the wrong shape', () => {
    const named = { ErrorMessage: 'СНИЛС занят', ErrorId: 'x', Intern: { Id: 7, FullName: 'Орлова Анна' } };
    expect(toApiError(409, JSON.stringify(named)).body.Intern).toEqual({ Id: 7, FullName: 'Орлова Анна' });
    const wrong = { ...named, Intern: { Id: '7', FullName: 'Орлова Анна' } };
    expect(toApiError(409, JSON.stringify(wrong)).body.Intern).toBeUndefined();
  });

  it('reads ExceptionMessage and Message when ErrorMessage is missing', () => {
    expect(toApiError(500, JSON.stringify({ ExceptionMessage: 'boom' })).message).toBe('boom');
    expect(toApiError(500, JSON.stringify({ Message: 'oops' })).message).toBe('oops');
  });

  it('survives a body that is not JSON', () => {
    const error = toApiError(502, '<html>Bad Gateway</html>');
    expect(error.body).toEqual({});
    expect(error.message).toBe('HTTP 502');
    expect(error.errorId).toBeUndefined();
    expect(error.info).toEqual([]);
    expect(error.isClientError).toBe(false);
  });

  it('marks 401 as unauthorized', () => {
    expect(toApiError(401, '').isUnauthorized).toBe(true);
  });
});

describe('withQuery', () => {
  it('leaves out empty parameters', () => {
    expect(withQuery('/api/v1/interns/search', { term: 'Иванов', status: 0, org: '', page: undefined })).toBe(
      '/api/v1/interns/search?term=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2&status=0',
    );
    expect(withQuery('/api/v1/imports', {})).toBe('/api/v1/imports');
  });
});

describe('apiRequest', () => {
  it('parses the answer with the schema and sends no client header on GET', async () => {
    const fetchMock = respond(200, JSON.stringify({ Id: 1, Extra: true }));
    const result = await apiRequest('/api/v1/thing', { schema: z.object({ Id: z.number() }) });
    expect(result).toEqual({ Id: 1 });
    expect(sentHeaders(fetchMock).has('x-registry-client')).toBe(false);
    expect(fetchMock.mock.calls[0]?.at(1)).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });

  it('sends JSON and the client header on every state-changing call', async () => {
    const fetchMock = respond(204, '');
    await expect(apiRequest('/api/v1/account/logout', { method: 'POST', body: { a: 1 } })).resolves.toBe(
      undefined,
    );
    const headers = sentHeaders(fetchMock);
    expect(headers.get('x-registry-client')).toBe('web');
    expect(headers.get('content-type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.at(1)).toMatchObject({ body: '{"a":1}' });
  });

  it('rejects with an ApiError on a non-2xx answer', async () => {
    respond(403, JSON.stringify({ ErrorMessage: 'Недостаточно прав', ErrorId: 'x1' }));
    const error = await apiRequest('/api/v1/account/stats').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, errorId: 'x1', message: 'Недостаточно прав' });
  });
});

describe('apiRequestUnchecked', () => {
  it('takes the JSON answer as it came, with the query and no client header', async () => {
    const fetchMock = respond(200, JSON.stringify({ Id: 1, Extra: true }));
    const result = await apiRequestUnchecked<{ Id: number }>('/api/v1/thing', { params: { page: 2 } });
    expect(result).toEqual({ Id: 1, Extra: true });
    expect(fetchMock.mock.calls[0]?.at(0)).toBe('/api/v1/thing?page=2');
    expect(sentHeaders(fetchMock).has('x-registry-client')).toBe(false);
  });

  it('rejects with an ApiError on a non-2xx answer', async () => {
    respond(404, JSON.stringify({ ErrorMessage: 'Стажёр не найден' }));
    const error = await apiRequestUnchecked('/api/v1/interns/9/public').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Стажёр не найден' });
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, which carries Cyrillic, to the ASCII one', () => {
    const name = 'Стажёры (полная выгрузка) 2026-11-22.xlsx';
    expect(
      fileNameFromDisposition(
        `attachment; filename="interns-full-2026-11-22.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      ),
    ).toBe(name);
  });

  it('falls back to the plain name, quoted or not, and to null', () => {
    expect(fileNameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=x.xlsx")).toBe('x.xlsx');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
