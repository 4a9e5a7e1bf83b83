import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReadinessSchema, type Readiness } from '@registry/shared';

/** The readiness probe; GET /api/v1/health (app.ts) stays the liveness probe. */
export async function operationsRoutes(
  app: FastifyInstance,
  options: { readiness: () => Promise<Readiness> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['reference'],
        summary: 'Сервер готов принимать запросы',
        description:
          'Проба готовности: база данных отвечает, в ней применены все миграции этой версии, и ни ' +
          'один файл изменений не ждёт очереди на проверку. 200 — готов, 503 — нет; Checks называет, ' +
          'какая проверка не прошла. Жив ли процесс, говорит GET /api/v1/health.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply) => {
      const readiness = await options.readiness();
      const ready = readiness.Status === 'ready';
      if (!ready) request.log.warn({ checks: readiness.Checks }, 'not ready');
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(readiness);
    },
  );
}
