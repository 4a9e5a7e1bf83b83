import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { texts, type ErrorBody } from '@registry/shared';
import { AppError } from '../lib/app-error.js';

/**
 * Russian messages for the client errors Fastify and Node raise themselves (bad JSON, wrong content type,
 * too large, a request line or headers that break HTTP).
 */
const frameworkMessages: Record<number, string> = {
  400: 'Неверный запрос',
  404: texts.notFound,
  405: 'Метод не поддерживается',
  406: 'Формат ответа не поддерживается',
  408: 'Запрос не получен полностью за отведённое время',
  413: 'Запрос слишком велик',
  414: 'Адрес запроса слишком длинный',
  415: 'Неподдерживаемый тип содержимого запроса',
  429: 'Слишком много запросов. Повторите попытку позже.',
  431: 'Заголовки запроса слишком велики',
};

/** Said of a request Node cannot read as HTTP: most often letters in its address not percent-encoded. */
const unreadableRequest =
  'Запрос нарушает протокол HTTP: адрес или заголовки содержат недопустимые символы (буквы в адресе кодируются, например %D0%B0)';
const badUrl = 'Адрес запроса содержит неверно закодированные символы';

const frameworkBody = (
  status: number,
  message = frameworkMessages[status] ?? 'Неверный запрос',
  errorId: string = randomUUID(),
): ErrorBody => ({ ErrorMessage: message, ErrorId: errorId });

function fieldName(instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path ? `«${path}»` : 'Запрос';
}

/**
 * The one error handler: every failure leaves as `{ ErrorMessage, ErrorId, Info? }`. A 5xx says nothing
 * of its cause to the client; its ErrorId is logged beside the stack so that support can find it.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const errorId = randomUUID();
    let status: number;
    let body: ErrorBody;

    if (error instanceof AppError) {
      status = error.status;
      body = {
        ErrorMessage: error.message,
        ErrorId: errorId,
        ...(error.info ? { Info: error.info } : {}),
        ...(error.intern ? { Intern: error.intern } : {}),
        ...(error.earlierImport ? { Import: error.earlierImport } : {}),
      };
      if (error.headers) void reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      body = {
        ErrorMessage: texts.invalidRequest,
        ErrorId: errorId,
        Info: error.validation.map((issue) => `${fieldName(issue.instancePath)}: ${issue.message}`),
      };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = frameworkBody(status, undefined, errorId);
    } else {
      status = 500;
      body = { ErrorMessage: texts.unexpectedErrorText, ErrorId: errorId };
    }

    if (status >= 500) request.log.error({ err: error, errorId }, 'request failed');
    else request.log.info({ errorId, status, reason: error.message }, 'request refused');
    return reply.status(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors`: the errors it raises before any route is found (a path whose percent-encoding
 * is broken, a path parameter too long), which it would otherwise answer in its own English shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  const body = frameworkBody(status, error.code === 'FST_ERR_BAD_URL' ? badUrl : undefined);
  request.log.info({ errorId: body.ErrorId, status, reason: error.message }, 'request refused');
  void reply.status(status).send(body);
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before Fastify sees it (a raw UTF-8
 * address, broken headers, headers too large, too slow), answered on the socket in the app's shape.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A connection reset or already closed has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(frameworkBody(status, status === 400 ? unreadableRequest : undefined));
  this.log.info({ status, reason: error.message, code: error.code }, 'request unreadable');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** A JSON 404 for unknown API routes, in the same shape as every other error. */
export function notFoundBody(): ErrorBody {
  return frameworkBody(404);
}
