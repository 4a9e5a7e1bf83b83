import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, OperatorPageSchema, OperatorRequestSchema, OperatorSchema } from '@registry/shared';
import { declareCatalogRoutes } from '../../lib/catalog-routes.js';
import { noContent } from '../../lib/route-docs.js';
import type { OperatorService } from './operator.service.js';

/**
 * Accounts of operators and SRO representatives ('Операторы'): operators only
 * (docs/register-rules.md#roles-who-may-do-what).
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ service: OperatorService }> = async (
  app,
  { service },
) => {
  const config = { access: 'operator' } as const;
  const tags = ['operators'];

  declareCatalogRoutes(app, {
    tags,
    schemas: {
      page: OperatorPageSchema,
      item: OperatorSchema,
      create: OperatorRequestSchema,
      update: OperatorRequestSchema,
    },
    summaries: {
      search: 'Поиск операторов и представителей СРО',
      create: 'Новый оператор или представитель СРО',
      update: 'Изменение оператора или представителя СРО',
    },
    search: (query) => service.search(query),
    // access 'operator' guarantees a caller.
    create: (request) => service.create(request.body, request.account!),
    update: (request) => service.update(request.account!, request.params.id, request.body),
  });

  app.post(
    '/:id/generate-password',
    {
      config,
      schema: {
        tags,
        summary: 'Генерация пароля и отправка его письмом',
        params: IdParamsSchema,
        response: { 204: noContent('Новый пароль отправлен письмом') },
      },
    },
    async (request, reply) => {
      await service.sendNewPassword(request.params.id, request.account!);
      return reply.status(204).send();
    },
  );
};
