import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import { registerMetricsRoute, registerSourceGauges } from './metrics.js';
import { createOperationsRepository } from './operations.repository.js';
import { operationsRoutes } from './operations.routes.js';
import { createReadiness, type ReaderLoad } from './readiness.js';

/**
 * The readiness probe, and with a metrics token the metrics' route and the gauges read at scrape time
 * (`metrics` is the registry `registerRequestMetrics` made before the routes, so that it counts them all).
 */
export async function registerOperations(
  app: FastifyInstance,
  deps: {
    database: Database;
    logger: FastifyBaseLogger;
    readerLoad: () => ReaderLoad;
    metrics: { registry: Registry; token: string } | null;
  },
) {
  const { database, logger: log, readerLoad, metrics } = deps;
  const repo = createOperationsRepository(database.db);
  const readiness = createReadiness({ repo, readerLoad, log });
  await app.register(operationsRoutes, { prefix: '/api/v1', readiness });
  if (metrics) {
    registerSourceGauges(metrics.registry, { database, repo, readerLoad, log });
    registerMetricsRoute(app, metrics.registry, metrics.token);
  }
}
