import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { texts, type ErrorBody } from '@registry/shared';
import { AppError } from '../lib/app-error.js';

/** Russian messages for the client errors Fastify itself raises (bad JSON, wrong content type, too large). */
const frameworkMessages: Record<number, string> = {
  400: 'Неверный запрос',
  404: texts.notFound,
  405: 'Метод не поддерживается',
  406: 'Формат ответа не поддерживается',
  413: 'Запрос слишком велик',
  415: 'Неподдерживаемый тип содержимого запроса',
  429: 'Слишком много запросов. Повторите попытку позже.',
};

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
      body = { ErrorMessage: frameworkMessages[status] ?? 'Неверный запрос', ErrorId: errorId };
    } else {
      status = 500;
      body = { ErrorMessage: texts.unexpectedErrorText, ErrorId: errorId };
    }

    if (status >= 500) request.log.error({ err: error, errorId }, 'request failed');
    else request.log.info({ errorId, status, reason: error.message }, 'request refused');
    return reply.status(status).send(body);
  });
}

/** A JSON 404 for unknown API routes, in the same shape as every other error. */
export function notFoundBody(): ErrorBody {
  return { ErrorMessage: texts.notFound, ErrorId: randomUUID() };
}
