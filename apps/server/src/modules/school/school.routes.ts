import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SchoolPageSchema, SchoolRequestSchema, SchoolSchema } from '@registry/shared';
import { declareCatalogRoutes } from '../../lib/catalog-routes.js';
import type { SchoolService } from './school.service.js';

/** The schools dictionary: operators only (docs/register-rules.md#roles-who-may-do-what). */
export const schoolRoutes: FastifyPluginAsyncZod<{ service: SchoolService }> = async (app, { service }) => {
  declareCatalogRoutes(app, {
    tags: ['schools'],
    schemas: {
      page: SchoolPageSchema,
      item: SchoolSchema,
      create: SchoolRequestSchema,
      update: SchoolRequestSchema,
    },
    summaries: {
      search: 'Поиск учебных заведений',
      create: 'Новое учебное заведение',
      update: 'Изменение учебного заведения',
    },
    search: (query) => service.search(query),
    create: (request) => service.create(request.body),
    update: (request) => service.update(request.params.id, request.body),
  });
};
