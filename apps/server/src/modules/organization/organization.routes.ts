import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrganizationCreateRequestSchema,
  OrganizationPageSchema,
  OrganizationSchema,
  OrganizationUpdateRequestSchema,
} from '@registry/shared';
import { declareCatalogRoutes } from '../../lib/catalog-routes.js';
import type { OrganizationService } from './organization.service.js';

/** The SRO dictionary: operators only (docs/register-rules.md#roles-who-may-do-what). */
export const organizationRoutes: FastifyPluginAsyncZod<{ service: OrganizationService }> = async (
  app,
  { service },
) => {
  declareCatalogRoutes(app, {
    tags: ['organizations'],
    schemas: {
      page: OrganizationPageSchema,
      item: OrganizationSchema,
      create: OrganizationCreateRequestSchema,
      update: OrganizationUpdateRequestSchema,
    },
    summaries: { search: 'Поиск СРО в справочнике', create: 'Новая СРО', update: 'Изменение СРО' },
    search: (query) => service.search(query),
    create: (request) => service.create(request.body),
    update: (request) => service.update(request.params.id, request.body),
  });
};
