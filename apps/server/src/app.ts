import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerApi } from './api.js';
import type { AppDeps } from './app-deps.js';
import type { TrustProxy } from './config.js';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/errors.js';
import { registerRequestMetrics } from './modules/operations/metrics.js';
import { registerOperations } from './modules/operations/operations.js';
import { registerOpenApi, registerOpenApiRoutes } from './plugins/openapi.js';
import { publicRateLimit } from './plugins/public-rate-limit.js';
import { registerWeb } from './plugins/web.js';

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count is a function: Fastify takes a number as trusting no one.
 * proxy-addr asks it about the peer (hop 0), then each X-Forwarded-For entry from the right; the client is the
 * first one not trusted, so with 1 hop the entry the proxy appended, whatever the client wrote before it.
 */
function fastifyTrustProxy(trust: TrustProxy) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The access log: one line per request, written when it is answered, with its method, address, status and
 * time, instead of Fastify's two lines (received, answered), each serializing the request or the reply. On
 * the busiest public route the two took a fifth of the process's time (docs/benchmarks.md).
 */
class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** Builds the whole HTTP application without listening, so that tests can call it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The specification writes some calls with a trailing slash and others without (docs/api.md#addresses).
    routerOptions: { ignoreTrailingSlash: true },
    logController: new AccessLog(),
    // What Fastify and Node refuse before a route is found leaves in the app's error shape, in Russian.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  // 1. Zod validates requests and serializes responses, from the schemas in @registry/shared.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Counting requests comes first, so that every route and the 404s are counted (metrics.ts).
  const metrics = config.metricsToken
    ? { registry: registerRequestMetrics(app), token: config.metricsToken }
    : null;

  // 2. Security headers: scripts only from us; MUI's emotion styles are inline.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-src': ["'self'"],
        'object-src': ["'self'"],
        'upgrade-insecure-requests': config.cookieSecure ? [] : null,
      },
    },
  });

  // 3. OpenAPI description of every route, generated from the same zod schemas and the routes' access.
  await registerOpenApi(app);

  // 4. The API: sessions (cookies) and who may call what first, then the modules (api.ts). The limit of
  //    anonymous public calls comes before the routes, which it watches being declared.
  await app.register(fastifyCookie);
  if (config.publicSearchPerMinute > 0) {
    await app.register(
      fastifyRateLimit,
      publicRateLimit(config.publicSearchPerMinute, database.db, deps.clock ?? (() => new Date())),
    );
  }
  const { readerLoad } = await registerApi(app, deps);
  // 5. What is not a module: the API's description (/api/v1/openapi.json, and as a page at /api/v1/docs),
  //    the readiness probe and the metrics (modules/operations), and the health check, the liveness probe.
  registerOpenApiRoutes(app);
  await registerOperations(app, { database, logger: deps.logger, readerLoad, metrics });
  app.get(
    '/api/v1/health',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['reference'],
        summary: 'Сервер и база данных отвечают',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await database.db.execute('select 1');
      return { status: 'ok' as const };
    },
  );

  // 6. The web app and the SPA fallback, last so that API routes win.
  await registerWeb(app, deps.webRoot);

  return app;
}
