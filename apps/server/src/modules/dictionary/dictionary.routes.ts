import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DictionaryEntryListSchema,
  DictionaryEntryPageSchema,
  DictionaryEntryParamsSchema,
  DictionaryEntryRequestSchema,
  DictionaryEntrySchema,
  DictionaryParamsSchema,
  SearchQuerySchema,
} from '@registry/shared';
import type { DictionaryService } from './dictionary.service.js';

/**
 * Dictionaries by code (addresses, termination reasons, schools, SRO): operators only
 * (docs/register-rules.md#roles-who-may-do-what).
 */
export const dictionaryRoutes: FastifyPluginAsyncZod<{ service: DictionaryService }> = async (
  app,
  { service },
) => {
  const config = { access: 'operator' } as const;
  const tags = ['dictionaries'];

  app.get(
    '/:code/entries',
    {
      config,
      schema: {
        tags,
        summary: 'Все записи справочника',
        params: DictionaryParamsSchema,
        response: { 200: DictionaryEntryListSchema },
      },
    },
    async (request) => service.all(request.params.code),
  );

  app.get(
    '/:code/search',
    {
      config,
      schema: {
        tags,
        summary: 'Поиск в справочнике',
        params: DictionaryParamsSchema,
        querystring: SearchQuerySchema,
        response: { 200: DictionaryEntryPageSchema },
      },
    },
    async (request) => service.search(request.params.code, request.query),
  );

  app.post(
    '/:code',
    {
      config,
      schema: {
        tags,
        summary: 'Новая запись справочника',
        params: DictionaryParamsSchema,
        body: DictionaryEntryRequestSchema,
        response: { 201: DictionaryEntrySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.params.code, request.body.Value)),
  );

  app.put(
    '/:code/entries/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Изменение записи справочника',
        params: DictionaryEntryParamsSchema,
        body: DictionaryEntryRequestSchema,
        response: { 200: DictionaryEntrySchema },
      },
    },
    async (request) => service.update(request.params.code, request.params.id, request.body.Value),
  );
};
