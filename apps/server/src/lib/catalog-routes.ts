import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParamsSchema, SearchQuerySchema, type SearchQuery } from '@registry/shared';
import type { z } from 'zod';

/** One list that operators keep (schools, SRO, operators): its schemas, its summaries and its service. */
export interface CatalogRoutes<Page, Item, Create, Update> {
  tags: string[];
  schemas: {
    page: z.ZodType<Page>;
    item: z.ZodType<Item>;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
  };
  summaries: { search: string; create: string; update: string };
  search: (query: SearchQuery) => Promise<Page>;
  create: (request: FastifyRequest<{ Body: Create }>) => Promise<Item>;
  update: (request: FastifyRequest<{ Params: { id: number }; Body: Update }>) => Promise<Item>;
}

/**
 * Declares a catalog's search (`GET /search`), its new entry (`POST /`) and its change (`PUT /:id`), for
 * operators only (docs/register-rules.md#roles-who-may-do-what).
 */
export function declareCatalogRoutes<Page, Item, Create, Update>(
  app: FastifyInstance,
  catalog: CatalogRoutes<Page, Item, Create, Update>,
) {
  const config = { access: 'operator' } as const;
  const { tags, schemas, summaries } = catalog;

  app.get<{ Querystring: SearchQuery }>(
    '/search',
    {
      config,
      schema: {
        tags,
        summary: summaries.search,
        querystring: SearchQuerySchema,
        response: { 200: schemas.page },
      },
    },
    async (request) => catalog.search(request.query),
  );

  app.post<{ Body: Create }>(
    '/',
    {
      config,
      schema: {
        tags,
        summary: summaries.create,
        body: schemas.create,
        response: { 201: schemas.item },
      },
    },
    async (request, reply) => reply.status(201).send(await catalog.create(request)),
  );

  app.put<{ Params: { id: number }; Body: Update }>(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: summaries.update,
        params: IdParamsSchema,
        body: schemas.update,
        response: { 200: schemas.item },
      },
    },
    async (request) => catalog.update(request),
  );
}
