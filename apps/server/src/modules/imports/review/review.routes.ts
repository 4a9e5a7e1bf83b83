/*
 * imports/review/: an uploaded row, once stored, set beside the register's record and accepted into it or
 * rejected. In: the row (its sections and filled cells) and the trainee it is about (intern module's
 * matching and card services). Out: the trainee's new versions on the import's basis document, the row
 * handled, the import's counts. The rules are in docs/row-review.md.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditAction,
  ChangeClaimSchema,
  ChangeParamsSchema,
  ChangeQuerySchema,
  ClaimChangeSchema,
  ChangeReviewSchema,
  IdParamsSchema,
  ImportProgressSchema,
  NextChangeQuerySchema,
  NextChangeSchema,
  RejectSchema,
  SubmitChangeParamsSchema,
  SubmitChangeResultSchema,
  SubmitChangeSchema,
} from '@registry/shared';
import type { AuditRecorder } from '../../../lib/audit.js';
import { sendXlsxStream, XLSX_CONTENT_TYPE } from '../../../lib/http-files.js';
import { fileResponse, noContent } from '../../../lib/route-docs.js';
import { writeRejectedRows } from './rejected-rows-file.js';
import type { ReviewService } from './review.service.js';

const rejectedRowsFile = fileResponse('Отклонённые записи импорта, .xlsx', [XLSX_CONTENT_TYPE]);

/** The row a `/:id/changes/:change` path names, as the review's services take it. */
const rowOf = ({ id, change }: { id: number; change: number }) => ({ importId: id, changeId: change });

/** A handled row back to pending, operators only: a rejected one returned, an accepted one undone. */
export const reviewReturnRoutes: FastifyPluginAsyncZod<{ service: ReviewService }> = async (
  app,
  { service },
) => {
  for (const [action, summary, putBack] of [
    ['return', 'Возврат отклонённой записи в обработку', service.return],
    ['undo', 'Отмена внесения записи в реестр', service.undo],
  ] as const) {
    app.post(
      `/:id/changes/:change/${action}`,
      {
        config: { access: 'operator' },
        schema: {
          tags: ['imports'],
          summary,
          params: ChangeParamsSchema,
          response: { 200: ImportProgressSchema },
        },
      },
      async (request) => putBack(rowOf(request.params), request.account!),
    );
  }
};

/** A pending row opened beside the register's record, and entered into it or rejected: operators only. */
const rowDecisionRoutes: FastifyPluginAsyncZod<{ service: ReviewService }> = async (app, { service }) => {
  const tags = ['imports'];
  const operator = { access: 'operator' } as const;

  app.get(
    '/:id/changes/:change',
    {
      config: operator,
      schema: {
        tags,
        summary: 'Запись импорта рядом с карточкой стажёра',
        params: ChangeParamsSchema,
        querystring: ChangeQuerySchema,
        response: { 200: ChangeReviewSchema },
      },
    },
    async ({ params, query, account }) => service.open(rowOf(params), query, account!),
  );

  app.get(
    '/:id/changes/:change/progress',
    {
      config: operator,
      schema: {
        tags,
        summary: 'Состояние импорта для открытой записи',
        description:
          'Реквизиты, счётчики и следующая свободная запись, как в Import записи: экран записи читает их снова, ' +
          'пока запись открыта (другой оператор мог заполнить реквизиты).',
        params: ChangeParamsSchema,
        response: { 200: ImportProgressSchema },
      },
    },
    async ({ params, account }) => service.progress(rowOf(params), account!),
  );

  app.post(
    '/:id/changes/:change/submit/:intern',
    {
      config: operator,
      schema: {
        tags,
        summary: 'Внесение записи импорта в реестр',
        params: SubmitChangeParamsSchema,
        body: SubmitChangeSchema,
        response: { 200: SubmitChangeResultSchema },
      },
    },
    async (request) =>
      service.submit(rowOf(request.params), request.params.intern, request.body, request.account!),
  );

  app.post(
    '/:id/changes/:change/reject',
    {
      config: operator,
      schema: {
        tags,
        summary: 'Отклонение записи импорта',
        params: ChangeParamsSchema,
        body: RejectSchema,
        response: { 200: ImportProgressSchema },
      },
    },
    async (request) => service.reject(rowOf(request.params), request.body.reason, request.account!),
  );
};

/**
 * Row review (the `changes` calls, docs/api.md#the-calls): operators only; the rejected rows' file also for
 * the SRO.
 */
export const reviewRoutes: FastifyPluginAsyncZod<{ service: ReviewService; audit: AuditRecorder }> = async (
  app,
  { service, audit },
) => {
  const tags = ['imports'];
  await rowDecisionRoutes(app, { service });

  app.get(
    '/:id/rejected-rows',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Отклонённые записи импорта в .xlsx',
        params: IdParamsSchema,
        response: { 200: rejectedRowsFile },
      },
    },
    async (request, reply) => {
      const { rows, organizationId } = await service.rejectedRows(request.params.id, request.account!);
      await audit.record(null, request.account, {
        action: AuditAction.RejectedRowsDownloaded,
        object: { kind: 'import', id: request.params.id },
        organizationId,
      });
      return sendXlsxStream(reply, (output) => writeRejectedRows(rows, output), {
        name: `Отклонённые записи импорта ${request.params.id}.xlsx`,
        asciiName: `rejected-rows-${request.params.id}.xlsx`,
      });
    },
  );
};

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
        summary: 'Следующая свободная запись импорта',
        description: 'Первая свободная после записи after; она закрепляется за оператором.',
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
        summary: 'Закрепление записи за оператором',
        description: 'Или продлить закрепление; с TakeOver — забрать запись у другого оператора.',
        params: ChangeParamsSchema,
        body: ClaimChangeSchema,
        response: { 200: ChangeClaimSchema },
      },
    },
    async (request) => service.claim(rowOf(request.params), request.body.TakeOver, request.account!),
  );

  app.delete(
    '/:id/changes/:change/claim',
    {
      config: operator,
      schema: {
        tags,
        summary: 'Снятие закрепления записи за оператором',
        params: ChangeParamsSchema,
        response: { 204: noContent('Запись больше не закреплена за оператором') },
      },
    },
    async (request, reply) => {
      await service.release(rowOf(request.params), request.account!);
      return reply.status(204).send();
    },
  );
};
