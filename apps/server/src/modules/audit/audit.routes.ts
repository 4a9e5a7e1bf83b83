import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditFilterSchema, AuditPageSchema, AuditQuerySchema, toDateValue } from '@registry/shared';
import { sendXlsxStream, XLSX_CONTENT_TYPE } from '../../lib/http-files.js';
import { fileResponse } from '../../lib/route-docs.js';
import type { AuditService } from './audit.service.js';

/**
 * The audit journal, for operators only: an SRO's representative sees none of it, not even their own SRO's
 * entries (docs/decisions.md, «Audit journal»).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  const config = { access: 'operator' } as const;
  const tags = ['audit'];

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Журнал действий: страница по фильтрам',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/export',
    {
      config,
      schema: {
        tags,
        summary: 'Выгрузка журнала действий в .xlsx',
        querystring: AuditFilterSchema,
        response: { 200: fileResponse('Записи журнала, .xlsx', [XLSX_CONTENT_TYPE]) },
      },
    },
    async (request, reply) => {
      const today = toDateValue(new Date());
      // access 'operator' guarantees a caller.
      const write = await service.prepareExport(request.query, request.account!);
      return sendXlsxStream(reply, write, { name: `Журнал ${today}.xlsx`, asciiName: `audit-${today}.xlsx` });
    },
  );
};
