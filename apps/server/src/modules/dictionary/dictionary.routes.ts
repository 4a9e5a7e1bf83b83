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

/** Dictionaries by code (addresses, termination reasons, schools, SRO): operators only (SPEC.md §6). */
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
      schema: { tags, params: DictionaryParamsSchema, response: { 200: DictionaryEntryListSchema } },
    },
    async (request) => service.all(request.params.code),
  );

  app.get(
    '/:code/search',
    {
      config,
      schema: {
        tags,
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
        params: DictionaryEntryParamsSchema,
        body: DictionaryEntryRequestSchema,
        response: { 200: DictionaryEntrySchema },
      },
    },
    async (request) => service.update(request.params.code, request.params.id, request.body.Value),
  );
};
