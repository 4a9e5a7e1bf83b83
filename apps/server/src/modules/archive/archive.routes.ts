import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArchiveRecordSchema,
  ArchiveSearchRowSchema,
  IdSchema,
  pagedSchema,
  SearchQuerySchema,
} from '@registry/shared';
import { z } from 'zod';
import type { ArchiveService } from './archive.service.js';

export const archiveRoutes: FastifyPluginAsyncZod<{ service: ArchiveService }> = async (app, { service }) => {
  const tags = ['archives'];

  app.get(
    '/search',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        querystring: SearchQuerySchema,
        response: { 200: pagedSchema(ArchiveSearchRowSchema) },
      },
    },
    async (request) => service.searchDocuments(request.query.term, request.query.page),
  );

  app.get(
    '/:section/:id',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        params: z.object({ section: z.string().max(50), id: IdSchema }),
        response: { 200: z.array(ArchiveRecordSchema) },
      },
    },
    async (request) => service.timeline(request.params.section, request.params.id),
  );
};
