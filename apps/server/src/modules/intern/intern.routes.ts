import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  InternAsOfQuerySchema,
  InternSchema,
  InternSearchQuerySchema,
  InternSearchResultSchema,
  PublicInternSchema,
  SaveInternSchema,
  toDateValue,
} from '@registry/shared';
import type { z } from 'zod';
import type { Actor } from '../../lib/audit.js';
import { sendXlsxStream, XLSX_CONTENT_TYPE } from '../../lib/http-files.js';
import { fileResponse } from '../../lib/route-docs.js';
import type { InternSearchService } from './search/intern-search.service.js';
import type { InternService, SaveRequest } from './intern.service.js';

type SaveBody = z.output<typeof SaveInternSchema>;

function toSaveRequest(body: SaveBody, internId: number | null, actor: Actor): SaveRequest {
  const { Version, ...sections } = body.Intern;
  return {
    internId,
    version: Version,
    isCorrecting: body.IsCorrecting,
    sections,
    protocol: {
      number: body.Protocol.number,
      date: body.Protocol.date!,
      outgoingNumber: body.Protocol.outgoingNumber ?? body.Outgoing?.Number ?? null,
      outgoingDate: body.Protocol.outgoingDate ?? body.Outgoing?.Date ?? null,
    },
    operatorId: actor.id,
    actor,
  };
}

const tags = ['interns'];

/** Anonymous callers are limited per address (app.ts, PUBLIC_SEARCH_PER_MINUTE); signed-in ones never. */
const anonymousLimit = {};

/** The trainee list, public and operators', and its export. */
export const internSearchRoutes: FastifyPluginAsyncZod<{ service: InternSearchService }> = async (
  app,
  { service },
) => {
  // The specification lists GET /api/v1/interns beside the search without its payload: it is the same list,
  // answered identically, and the OpenAPI document says so.
  for (const [url, summary, description] of [
    ['/search', 'Поиск стажёров в реестре', undefined],
    ['/', 'Список стажёров', 'То же, что GET /api/v1/interns/search, по тем же параметрам'],
  ] as const) {
    app.get(
      url,
      {
        config: { access: 'anyone', rateLimit: anonymousLimit },
        schema: {
          tags,
          summary,
          ...(description ? { description } : {}),
          querystring: InternSearchQuerySchema,
          response: { 200: InternSearchResultSchema },
        },
        // The busiest route: its answer is built field by field in the service (typed by the schema), so it
        // is written as it is instead of checked and copied by zod first (docs/decisions.md).
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) =>
        service.search(request.query, request.account !== null && request.account.organization === null),
    );
  }

  app.get(
    '/export',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Выгрузка списка стажёров в .xlsx',
        querystring: InternSearchQuerySchema,
        response: { 200: fileResponse('Список стажёров, .xlsx', [XLSX_CONTENT_TYPE]) },
      },
    },
    async (request, reply) => {
      const today = toDateValue(new Date());
      const name = `${request.query.full ? 'Стажёры (полная выгрузка)' : 'Стажёры'} ${today}.xlsx`;
      const asciiName = `${request.query.full ? 'interns-full' : 'interns'}-${today}.xlsx`;
      // access 'operator' guarantees a caller.
      const write = await service.prepareExport(request.query, request.account!);
      return sendXlsxStream(reply, write, { name, asciiName });
    },
  );
};

/** Deleting a trainee from the register, and bringing one back: operators only. */
const internDeletionRoutes: FastifyPluginAsyncZod<{ service: InternService }> = async (app, { service }) => {
  app.delete(
    '/:id',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Удаление стажёра из реестра',
        params: IdParamsSchema,
        response: { 200: InternSchema },
      },
    },
    async (request) => service.setDeleted(request.params.id, true, request.account!),
  );

  app.post(
    '/:id/restore',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Восстановление удалённого стажёра',
        params: IdParamsSchema,
        response: { 200: InternSchema },
      },
    },
    async (request) => service.setDeleted(request.params.id, false, request.account!),
  );
};

/** A trainee's card: read, public view, create, save, delete and restore. */
export const internRoutes: FastifyPluginAsyncZod<{ service: InternService }> = async (app, { service }) => {
  app.get(
    '/:id',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Карточка стажёра, сейчас или на дату',
        params: IdParamsSchema,
        querystring: InternAsOfQuerySchema,
        response: { 200: InternSchema },
      },
    },
    async (request) => service.open(request.params.id, request.query.asOf, request.account!),
  );

  app.get(
    '/:id/public',
    {
      config: { access: 'anyone', rateLimit: anonymousLimit },
      schema: {
        tags,
        summary: 'Публичная карточка стажёра',
        params: IdParamsSchema,
        response: { 200: PublicInternSchema },
      },
    },
    async (request) => service.getPublic(request.params.id),
  );

  app.post(
    '/',
    {
      config: { access: 'operator' },
      schema: { tags, summary: 'Новый стажёр', body: SaveInternSchema, response: { 201: InternSchema } },
    },
    async (request, reply) => {
      const id = await service.save(toSaveRequest(request.body, null, request.account!));
      return reply.status(201).send(await service.get(id));
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Сохранение карточки стажёра',
        params: IdParamsSchema,
        body: SaveInternSchema,
        response: { 200: InternSchema },
      },
    },
    async (request) => {
      const id = await service.save(toSaveRequest(request.body, request.params.id, request.account!));
      return service.get(id);
    },
  );

  await internDeletionRoutes(app, { service });
};
