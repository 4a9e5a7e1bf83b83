import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArchiveRecordSchema,
  ArchiveSearchQuerySchema,
  ArchiveSearchRowSchema,
  BasisDocumentSchema,
  cappedPagedSchema,
  DocumentChangesSchema,
  DocumentsQuerySchema,
  IdParamsSchema,
  IdSchema,
} from '@registry/shared';
import { z } from 'zod';
import type { ArchiveService } from './archive.service.js';
import type { DocumentsService } from './documents.service.js';

export const archiveRoutes: FastifyPluginAsyncZod<{
  service: ArchiveService;
  documents: DocumentsService;
}> = async (app, { service, documents }) => {
  const tags = ['archives'];

  app.get(
    '/search',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Поиск протоколов изменений по номеру или СРО',
        querystring: ArchiveSearchQuerySchema,
        response: { 200: cappedPagedSchema(ArchiveSearchRowSchema) },
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
        summary: 'История записи раздела карточки',
        params: z.object({ section: z.string().max(50), id: IdSchema }),
        response: { 200: z.array(ArchiveRecordSchema) },
      },
    },
    async (request) => service.timeline(request.params.section, request.params.id),
  );

  app.get(
    '/documents',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Поиск документов-оснований',
        querystring: DocumentsQuerySchema,
        response: { 200: cappedPagedSchema(BasisDocumentSchema) },
      },
    },
    async (request) => documents.search(request.query, request.query.page),
  );

  app.get(
    '/documents/:id/changes',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Изменения по документу-основанию',
        params: IdParamsSchema,
        response: { 200: DocumentChangesSchema },
      },
    },
    async (request) => documents.changes(request.params.id),
  );
};
