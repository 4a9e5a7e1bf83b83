import type { z } from 'zod';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type ErrorBody } from '@registry/shared';

/**
 * What a failed call may carry. The registry's server always sends ErrorBody; ExceptionMessage and Message
 * are what proxies and older back ends put there, so the error texts read them too.
 */
export type ApiErrorBody = Partial<ErrorBody> & { ExceptionMessage?: string; Message?: string };

/** A response outside 2xx, with its status and whatever error body came with it. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.ErrorMessage || body.ExceptionMessage || body.Message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get errorId(): string | undefined {
    return this.body.ErrorId || undefined;
  }

  get info(): string[] {
    return this.body.Info ?? [];
  }

  /** The caller is not logged in (or the session has expired). */
  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** There is no such thing, or none this user may see (another SRO's import): the server does not say which. */
  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** The server understood the request and refused it; asking again will not change the answer. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The server has no such thing, or none this user may see: a page shows 'Страница не найдена' for it. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.isNotFound;
}

/** Builds the ApiError for a failed response from its status and raw body text. */
export function toApiError(status: number, text: string): ApiError {
  return new ApiError(status, parseErrorBody(text));
}

function parseErrorBody(text: string): ApiErrorBody {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const record = parsed as Record<string, unknown>;
    const body: ApiErrorBody = {};
    for (const key of ['ErrorMessage', 'ErrorId', 'ExceptionMessage', 'Message'] as const) {
      if (typeof record[key] === 'string') body[key] = record[key];
    }
    if (Array.isArray(record.Info))
      body.Info = record.Info.filter((line): line is string => typeof line === 'string');
    const intern = record.Intern as Record<string, unknown> | null | undefined;
    if (typeof intern?.Id === 'number' && typeof intern.FullName === 'string')
      body.Intern = { Id: intern.Id, FullName: intern.FullName };
    const earlier = record.Import as Record<string, unknown> | null | undefined;
    if (typeof earlier?.Id === 'number' && typeof earlier.ImportedAt === 'string')
      body.Import = { Id: earlier.Id, ImportedAt: earlier.ImportedAt };
    return body;
  } catch {
    // An HTML error page from a proxy, or nothing at all: the status is all we know.
    return {};
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: Method;
  /** Query parameters; empty ones are left out of the URL. */
  params?: Record<string, QueryValue>;
  /** A JSON value, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
};

/** Appends the non-empty parameters to the path as a query string. */
export function withQuery(path: string, params: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Sends a request and returns its response; every non-2xx answer rejects with an ApiError. */
async function fetchOk(
  path: string,
  { method = 'GET', params, body, signal }: RequestOptions,
  accept: string,
): Promise<Response> {
  const headers = new Headers({ accept });
  // The server refuses a state-changing request without this header (cross-site protection).
  if (method !== 'GET') headers.set(CLIENT_HEADER, CLIENT_HEADER_VALUE);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }

  const response = await fetch(withQuery(path, params), {
    method,
    headers,
    body: payload,
    signal,
    credentials: 'same-origin',
  });
  if (!response.ok) throw toApiError(response.status, await response.text());
  return response;
}

async function send(path: string, options: RequestOptions): Promise<unknown> {
  const response = await fetchOk(path, options, 'application/json');
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * Calls the API. With a schema the JSON answer is checked and typed by it; without one the answer is ignored
 * (204 and the like). Every non-2xx answer rejects with an ApiError.
 */
export function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
export function apiRequest(path: string, options?: RequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  { schema, ...options }: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const data = await send(path, options);
  return schema ? schema.parse(data) : undefined;
}

/**
 * Calls the API and takes its JSON answer as `T` unchecked. Only for the public pages' reads (the trainee list
 * and the public card): the server checks those answers against the same contract on the way out, and
 * leaving zod's parsing out keeps zod and the schemas out of the public pages' first load (docs/benchmarks.md,
 * «First load»). Every non-2xx answer rejects with an ApiError, as with apiRequest.
 */
export async function apiRequestUnchecked<T>(
  path: string,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  return (await send(path, options)) as T;
}

/** A file the server sent, with the name it suggested. */
export type DownloadedFile = { blob: Blob; fileName: string };

/**
 * The file name of a Content-Disposition header: the UTF-8 `filename*` (RFC 5987), which carries Cyrillic
 * names, else the plain `filename`, else null.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: the plain name below is the next best thing.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || null;
}

/** Downloads a file from the API (an export): its content and the name from Content-Disposition. */
export async function apiDownload(
  path: string,
  { fallbackName, ...options }: Omit<RequestOptions, 'body'> & { fallbackName: string },
): Promise<DownloadedFile> {
  const response = await fetchOk(path, options, '*/*');
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob: await response.blob(), fileName };
}
