import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  SchoolPageSchema,
  SchoolRequestSchema,
  SchoolSchema,
  SearchQuerySchema,
} from '@registry/shared';
import type { SchoolService } from './school.service.js';

/** The schools dictionary: operators only (SPEC.md §6). */
export const schoolRoutes: FastifyPluginAsyncZod<{ service: SchoolService }> = async (app, { service }) => {
  const config = { access: 'operator' } as const;
  const tags = ['schools'];

  app.get(
    '/search',
    {
      config,
      schema: {
        tags,
        summary: 'Поиск учебных заведений',
        querystring: SearchQuerySchema,
        response: { 200: SchoolPageSchema },
      },
    },
    async (request) => service.search(request.query),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Новое учебное заведение',
        body: SchoolRequestSchema,
        response: { 201: SchoolSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Изменение учебного заведения',
        params: IdParamsSchema,
        body: SchoolRequestSchema,
        response: { 200: SchoolSchema },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );
};
