import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  OrganizationCreateRequestSchema,
  OrganizationPageSchema,
  OrganizationSchema,
  OrganizationUpdateRequestSchema,
  SearchQuerySchema,
} from '@registry/shared';
import type { OrganizationService } from './organization.service.js';

/** The SRO dictionary: operators only (SPEC.md §6). */
export const organizationRoutes: FastifyPluginAsyncZod<{ service: OrganizationService }> = async (
  app,
  { service },
) => {
  const config = { access: 'operator' } as const;
  const tags = ['organizations'];

  app.get(
    '/search',
    {
      config,
      schema: {
        tags,
        summary: 'Поиск СРО в справочнике',
        querystring: SearchQuerySchema,
        response: { 200: OrganizationPageSchema },
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
        summary: 'Новая СРО',
        body: OrganizationCreateRequestSchema,
        response: { 201: OrganizationSchema },
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
        summary: 'Изменение СРО',
        params: IdParamsSchema,
        body: OrganizationUpdateRequestSchema,
        response: { 200: OrganizationSchema },
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );
};
