import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeClaimSchema,
  ChangeParamsSchema,
  ClaimChangeSchema,
  IdParamsSchema,
  NextChangeQuerySchema,
  NextChangeSchema,
} from '@registry/shared';
import { noContent } from '../../../plugins/openapi.js';
import type { ReviewService } from './review.service.js';

/** Claims on pending rows (review-claims.ts), operators only: taken or renewed, released, the next handed out. */
export const reviewClaimRoutes: FastifyPluginAsyncZod<{ service: ReviewService }> = async (
  app,
  { service },
) => {
  const tags = ['imports'];
  const operator = { access: 'operator' } as const;

  app.post(
    '/:id/changes/next',
    {
      config: operator,
      schema: {
        tags,
        description: 'Следующая свободная запись импорта после указанной, закреплённая за оператором',
        params: IdParamsSchema,
        querystring: NextChangeQuerySchema,
        response: { 200: NextChangeSchema },
      },
    },
    async (request) => service.next(request.params.id, request.query.after ?? null, request.account!),
  );

  app.post(
    '/:id/changes/:change/claim',
    {
      config: operator,
      schema: {
        tags,
        description: 'Закрепить запись за оператором или продлить закрепление (TakeOver: забрать у другого)',
        params: ChangeParamsSchema,
        body: ClaimChangeSchema,
        response: { 200: ChangeClaimSchema },
      },
    },
    async (request) =>
      service.claim(
        { importId: request.params.id, changeId: request.params.change },
        request.body.TakeOver,
        request.account!,
      ),
  );

  app.delete(
    '/:id/changes/:change/claim',
    {
      config: operator,
      schema: {
        tags,
        description: 'Снять закрепление записи за оператором',
        params: ChangeParamsSchema,
        response: { 204: noContent('Запись больше не закреплена за оператором') },
      },
    },
    async (request, reply) => {
      await service.release(
        { importId: request.params.id, changeId: request.params.change },
        request.account!,
      );
      return reply.status(204).send();
    },
  );
};
