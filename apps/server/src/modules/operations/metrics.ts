import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../../lib/app-error.js';
import type { Database } from '../../db/client.js';
import type { OperationsRepository } from './operations.repository.js';
import type { ReaderLoad } from './readiness.js';

/*
 * Prometheus metrics of one server process, at GET /metrics behind METRICS_TOKEN (README, «Метрики»). Each
 * process has its own: behind a proxy Prometheus scrapes every process directly. The database's numbers are
 * asked for at scrape time, so a request pays only for counting itself.
 */

/** Seconds: from the API's quick reads to an upload of a large change file. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The route's pattern, never its URL, so that the series stay few: ids and search words would make one each.
 * What no route matched is the web app (the SPA's index.html and its assets) or, answered 404, unknown.
 */
function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const route = request.routeOptions.url;
  if (route !== undefined && (route.startsWith('/api/') || route === '/metrics')) return route;
  return reply.statusCode === 404 ? '(unknown)' : '(web app)';
}

/** The registry and the request counters; the hook counts every request the app answers, 404s included. */
export function registerRequestMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'registry_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'registry_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by method, route pattern and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeLabel(request, reply), status: reply.statusCode };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  return registry;
}

/** Gauges read when scraped: the pool, the change-file readers, the review's backlog. */
export function registerSourceGauges(
  registry: Registry,
  sources: {
    database: Database;
    repo: OperationsRepository;
    readerLoad: () => ReaderLoad;
    log: FastifyBaseLogger;
  },
) {
  const registers = [registry];
  const { database, repo, readerLoad, log } = sources;
  new Gauge({
    name: 'registry_database_info',
    help: 'The database the process uses: pglite (embedded, one connection in the process) or postgres',
    labelNames: ['kind'],
    registers,
  }).set({ kind: database.kind }, 1);

  const poolStats = database.poolStats;
  // PGlite has no pool: one connection in the server's own thread, whose queue it does not show.
  if (poolStats) {
    new Gauge({
      name: 'registry_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for a connection (waiting)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'registry_db_pool_max',
      help: 'PostgreSQL pool: most connections it opens',
      registers,
    }).set(poolStats().max);
  }

  const readerGauge = (name: string, help: string, value: (load: ReaderLoad) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(value(readerLoad()));
      },
    });
  readerGauge('registry_uploads_reading', 'Change files being read now', (load) => load.reading);
  readerGauge('registry_uploads_queued', 'Change files waiting for a reader', (load) => load.queued);
  readerGauge(
    'registry_upload_readers',
    'Change files read at once (IMPORT_PARALLEL_READS)',
    (load) => load.readers,
  );

  registerBacklogGauges(registry, repo, log);
}

type Backlog = Awaited<ReturnType<OperationsRepository['reviewBacklog']>>;

/** The review's backlog: one query per scrape, shared by its gauges, which Prometheus reads together. */
function registerBacklogGauges(registry: Registry, repo: OperationsRepository, log: FastifyBaseLogger) {
  let asking: Promise<Backlog | null> | null = null;
  const backlog = () =>
    (asking ??= repo
      .reviewBacklog()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'metrics: the review backlog could not be read');
        return null;
      })
      .finally(() => (asking = null)));
  const registers = [registry];
  new Gauge({
    name: 'registry_database_up',
    help: 'Whether the database answered this scrape (1) or not (0)',
    registers,
    async collect() {
      this.set((await backlog()) ? 1 : 0);
    },
  });
  // Unknown when the database does not answer: NaN, never a stale or a zero count.
  const backlogGauge = (name: string, help: string, value: (counts: Backlog) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const counts = await backlog();
        this.set(counts ? value(counts) : Number.NaN);
      },
    });
  backlogGauge(
    'registry_review_rows_pending',
    'Rows of open imports waiting for review',
    (c) => c.pendingRows,
  );
  backlogGauge('registry_imports_open', 'Imports pending or being processed', (c) => c.open);
  backlogGauge('registry_imports_overdue', 'Open imports past their entry deadline', (c) => c.overdue);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token, compared in constant time. */
function carriesToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** GET /metrics, for a caller sending METRICS_TOKEN as `Authorization: Bearer …`; anyone else is refused. */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!carriesToken(request.headers.authorization, token)) {
      throw new AppError(
        401,
        'Метрики доступны только с ключом METRICS_TOKEN (заголовок Authorization: Bearer)',
        undefined,
        {
          'www-authenticate': 'Bearer realm="metrics"',
        },
      );
    }
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
