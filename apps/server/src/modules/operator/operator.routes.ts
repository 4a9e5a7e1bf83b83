import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParamsSchema,
  OperatorPageSchema,
  OperatorRequestSchema,
  OperatorSchema,
  SearchQuerySchema,
} from '@registry/shared';
import { noContent } from '../../lib/route-docs.js';
import type { OperatorService } from './operator.service.js';

/** Accounts of operators and SRO representatives ('Операторы'): operators only (SPEC.md §6). */
export const operatorRoutes: FastifyPluginAsyncZod<{ service: OperatorService }> = async (
  app,
  { service },
) => {
  const config = { access: 'operator' } as const;
  const tags = ['operators'];

  app.get(
    '/search',
    {
      config,
      schema: {
        tags,
        summary: 'Поиск операторов и представителей СРО',
        querystring: SearchQuerySchema,
        response: { 200: OperatorPageSchema },
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
        summary: 'Новый оператор или представитель СРО',
        body: OperatorRequestSchema,
        response: { 201: OperatorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body, request.account!)),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Изменение оператора или представителя СРО',
        params: IdParamsSchema,
        body: OperatorRequestSchema,
        response: { 200: OperatorSchema },
      },
    },
    // access 'operator' guarantees a caller.
    async (request) => service.update(request.account!, request.params.id, request.body),
  );

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
