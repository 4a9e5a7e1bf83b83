import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, ErrorBodySchema } from '@registry/shared';
import { z } from 'zod';
import type { MultipartForm } from '../lib/route-docs.js';
import { htmlResponse } from '../lib/route-docs.js';
import { SESSION_COOKIE } from '../lib/session.js';
import { renderReferencePage } from './openapi-page.js';

/*
 * The API's description: an OpenAPI 3.0 document generated from the routes' zod schemas and their declared
 * access (`/api/v1/openapi.json`), and the same document as a readable page (`/api/v1/docs`). What is only
 * documentation here (the error responses, a multipart form) never reaches validation or serialization.
 */

const accessLabels = {
  anyone: 'все, без входа',
  'signed-in': 'вошедшие: оператор или представитель СРО',
  operator: 'оператор',
  organization: 'представитель СРО',
} as const;

const apiDescription = [
  'Все вызовы — под /api/v1, тела и ответы — JSON, если не сказано иное.',
  `Вход: POST /api/v1/account/login ставит cookie ${SESSION_COOKIE}; её посылают со всеми вызовами.`,
  `Изменяющие вызовы (POST, PUT, DELETE) принимаются только с заголовком ${CLIENT_HEADER}: ${CLIENT_HEADER_VALUE} ` +
    'или с Origin этого же сервера.',
  'Любая ошибка — JSON { ErrorMessage, ErrorId, Info? }: ErrorMessage по-русски говорит, что исправить; Info — ' +
    'по строке на каждую проблему (для файла — строка и столбец); ErrorId — код ошибки в журнале сервера.',
].join('\n\n');

/** Every failure, in the one shape plugins/errors.ts writes: declared for the document only. */
const errorResponses = {
  '4XX': ErrorBodySchema.describe(
    'Запрос отклонён: 400 неверные данные, 401 нужен вход, 403 нет права, 404 не найдено, 409 конфликт, ' +
      '413 файл слишком велик, 415 неверный тип файла, 429 слишком много запросов',
  ),
  '5XX': ErrorBodySchema.describe('Непредвиденная ошибка сервера: причина — в журнале, по ErrorId'),
};

/** A success response the route did not describe: 'Успешный ответ', not @fastify/swagger's 'Default Response'. */
function describeSuccess(responses: Record<string, Record<string, unknown>>) {
  for (const [status, response] of Object.entries(responses)) {
    if (status.startsWith('2') && !response.description)
      response['x-response-description'] = 'Успешный ответ';
  }
}

/**
 * A name for the operation that client generators use, from its method and path unless the route gives one:
 * `GET /api/v1/imports/:id/changes/:change` is `getImportsByIdChangesByChange`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':')
        ? ['by', ...segment.slice(1).split(/[^A-Za-z0-9]+/)]
        : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + words.join('');
}

/** The global transform: the zod schemas as JSON Schema, plus the error responses and who may call. */
export const describeRoute: SwaggerTransform = (document) => {
  const schema = document.schema as FastifySchema & { hide?: boolean; operationId?: string };
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  const response = { ...errorResponses, ...(schema.response as object | undefined) };
  const operationId = schema.operationId ?? operationIdOf(document.route.method as string, document.url);
  const transformed = jsonSchemaTransform({ ...document, schema: { ...schema, response, operationId } });
  describeSuccess(transformed.schema.response as Record<string, Record<string, unknown>>);
  const { access, multipartForm } = document.route.config ?? {};
  if (!access) return transformed;
  const described = {
    ...transformed.schema,
    ...(multipartForm && { consumes: ['multipart/form-data'], body: formSchema(multipartForm) }),
    'x-access': access,
    description: [schema.description, `Кто может вызывать: ${accessLabels[access]}.`]
      .filter(Boolean)
      .join('\n\n'),
    security: access === 'anyone' ? [] : [{ session: [] }],
  };
  return { ...transformed, schema: described as FastifySchema };
};

/** @fastify/swagger, generating the document from every route declared after it. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Реестр стажёров', version: '1', description: apiDescription },
      // The paths carry /api/v1 themselves: the server is wherever the document was read from.
      servers: [{ url: '/', description: 'Этот сервер' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'Сессия, которую ставит POST /api/v1/account/login',
          },
        },
      },
    },
    transform: describeRoute,
  });
}

/**
 * `{ "name"?: type, … }`: the JSON `data` holds, as a client writes it. The types come from the shared
 * schema's JSON Schema; whether a field may be left out or be null, from the schema itself (a field whose
 * normaliser turns a missing value into a refused null is required, whatever its JSON Schema says).
 */
export function describeJsonShape(schema: z.ZodObject): string {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' });
  const fields = Object.entries(schema.shape).map(([name, field]) => {
    const type = (json.properties?.[name] as { type?: string } | undefined)?.type ?? 'any';
    const optional = z.safeParse(field, undefined).success ? '?' : '';
    const nullable = z.safeParse(field, null).success ? ' | null' : '';
    return `"${name}"${optional}: ${type}${nullable}`;
  });
  return `{ ${fields.join(', ')} }`;
}

/** The JSON Schema of a multipart form: `data` (a JSON string) and the named files. */
function formSchema(form: MultipartForm) {
  const properties: Record<string, object> = {
    data: {
      type: 'string',
      description: `JSON-строка: ${describeJsonShape(form.data.schema)}`,
      example: JSON.stringify(form.data.example),
    },
  };
  for (const [name, file] of Object.entries(form.files)) {
    properties[name] = { type: 'string', format: 'binary', description: file.description };
  }
  const requiredFiles = Object.entries(form.files).filter(([, file]) => file.required);
  return {
    type: 'object',
    properties,
    required: ['data', ...requiredFiles.map(([name]) => name)],
    additionalProperties: false,
  };
}

/** The document itself and its reference page, both public. */
export function registerOpenApiRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reference'];
  api.get(
    '/api/v1/openapi.json',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Это описание API (OpenAPI 3.0)',
        response: { 200: z.record(z.string(), z.unknown()).describe('Документ OpenAPI') },
      },
    },
    async () => app.swagger() as Record<string, unknown>,
  );
  let page: string | undefined;
  api.get(
    '/api/v1/docs',
    {
      config: { access: 'anyone' },
      schema: {
        tags,
        summary: 'Справочник API: этот документ страницей',
        response: { 200: htmlResponse('HTML') },
      },
    },
    async (_request, reply) => {
      page ??= renderReferencePage(app.swagger());
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
}
