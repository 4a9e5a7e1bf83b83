import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatsQuerySchema, StatsResultSchema } from '@registry/shared';
import { attachmentDisposition, XLSX_CONTENT_TYPE } from '../../lib/http-files.js';
import { fileResponse } from '../../lib/route-docs.js';
import { statsWorkbook } from './stats-export.js';
import type { StatsService } from './stats.service.js';

/*
 * modules/stats/: statistics per SRO for a period. In: the period and an SRO; the figures come from the
 * trainees and the imports modules' statistics services. Out: the table, or the table as .xlsx.
 */
export const statsRoutes: FastifyPluginAsyncZod<{ service: StatsService }> = async (app, { service }) => {
  const tags = ['stats'];
  const config = { access: 'operator' } as const;

  app.get(
    '/organizations',
    {
      config,
      schema: {
        tags,
        summary: 'Статистика по СРО за период',
        querystring: StatsQuerySchema,
        response: { 200: StatsResultSchema },
      },
    },
    async (request) =>
      service.organizations({ ...request.query, from: request.query.from!, to: request.query.to! }),
  );

  app.get(
    '/organizations/export',
    {
      config,
      schema: {
        tags,
        summary: 'Статистика по СРО за период в .xlsx',
        querystring: StatsQuerySchema,
        response: { 200: fileResponse('Статистика, .xlsx', [XLSX_CONTENT_TYPE]) },
      },
    },
    async (request, reply) => {
      const result = await service.organizations({
        ...request.query,
        from: request.query.from!,
        to: request.query.to!,
      });
      const name = `Статистика ${result.From} — ${result.To}.xlsx`;
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(name, `stats-${result.From}-${result.To}.xlsx`))
        .header('cache-control', 'private, no-store')
        .send(await statsWorkbook(result));
    },
  );
};
