import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { createDictionaryRepository } from './modules/dictionary/dictionary.repository.js';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes.js';
import { createDictionaryService } from './modules/dictionary/dictionary.service.js';
import { createOperatorRepository } from './modules/operator/operator.repository.js';
import { operatorRoutes } from './modules/operator/operator.routes.js';
import { createOperatorService } from './modules/operator/operator.service.js';
import { createOrganizationRepository } from './modules/organization/organization.repository.js';
import { organizationRoutes } from './modules/organization/organization.routes.js';
import { createOrganizationService } from './modules/organization/organization.service.js';
import { createSchoolRepository } from './modules/school/school.repository.js';
import { schoolRoutes } from './modules/school/school.routes.js';
import { createSchoolService } from './modules/school/school.service.js';
import { createArchiveRepository } from './modules/archive/archive.repository.js';
import { archiveRoutes } from './modules/archive/archive.routes.js';
import { createArchiveService } from './modules/archive/archive.service.js';
import { createInternRepository } from './modules/intern/intern.repository.js';
import { internRoutes } from './modules/intern/intern.routes.js';
import { createInternService } from './modules/intern/intern.service.js';
import { changeFileTemplateRoutes } from './modules/imports/reader/change-file-template.routes.js';
import { createFileStore } from './modules/imports/file-store.js';
import { createImportsRepository } from './modules/imports/imports.repository.js';
import { createDictionarySource } from './modules/imports/reader/change-file-dictionaries.js';
import { createChangeFileReader } from './modules/imports/reader/change-file-runner.js';
import { createImportsUploadService } from './modules/imports/imports-upload.service.js';
import { filesRoutes, importsRoutes, uploadRoutes } from './modules/imports/imports.routes.js';
import { createImportsService } from './modules/imports/imports.service.js';
import { createReviewRepository } from './modules/imports/review/review.repository.js';
import { reviewRoutes } from './modules/imports/review/review.routes.js';
import { createReviewService } from './modules/imports/review/review.service.js';
import { createInternMatchingRepository } from './modules/intern/intern-matching.repository.js';
import { createInternMatchingService } from './modules/intern/intern-matching.service.js';
import { registerAuth } from './plugins/auth.js';
import { registerCrossSiteGuard } from './plugins/cross-site.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerWeb } from './plugins/web.js';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** The built web app to serve, or null to serve the API only (server tests). */
  webRoot: string | null;
}

/** Builds the whole HTTP application without listening, so that tests can call it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    // SPEC.md writes some calls with a trailing slash (PUT /api/v1/imports/{id}/) and others without.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // 1. Zod validates requests and serializes responses, from the schemas in @registry/shared.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

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

  // 3. OpenAPI description of every route, generated from the same zod schemas, at /api/v1/openapi.json.
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Реестр стажёров', version: '1' } },
    transform: jsonSchemaTransform,
  });

  // 4. Sessions and who may call what (before a body is read); then refuse cross-site writes and texts with
  //    the NUL character.
  await app.register(fastifyCookie);
  const internRepository = createInternRepository(database.db);
  const importsRepository = createImportsRepository(database.db);
  const accountService = createAccountService(createAccountRepository(database.db), config, {
    internsCount: () => internRepository.countActive(),
    pendingImportsCount: () => importsRepository.countWaiting(),
  });
  const cookies = registerAuth(app, accountService, config);
  registerCrossSiteGuard(app);
  registerInputGuard(app);

  // 5. API modules.
  await app.register(accountRoutes, { prefix: '/api/v1/account', service: accountService, cookies });
  // Reference data: the dictionaries screen reaches schools and SROs through the dictionary service too.
  const organizationService = createOrganizationService(createOrganizationRepository(database.db));
  const schoolService = createSchoolService(createSchoolRepository(database.db));
  await app.register(organizationRoutes, { prefix: '/api/v1/organizations', service: organizationService });
  await app.register(schoolRoutes, { prefix: '/api/v1/schools', service: schoolService });
  await app.register(dictionaryRoutes, {
    prefix: '/api/v1/dictionaries',
    service: createDictionaryService(createDictionaryRepository(database.db), {
      organizations: organizationService,
      schools: schoolService,
    }),
  });
  await app.register(operatorRoutes, {
    prefix: '/api/v1/operators',
    service: createOperatorService(database.db, createOperatorRepository(database.db), deps.mailer, config),
  });
  const internService = createInternService(database.db, internRepository);
  await app.register(internRoutes, {
    prefix: '/api/v1/interns',
    service: internService,
    repo: internRepository,
  });
  await app.register(archiveRoutes, {
    prefix: '/api/v1/archives',
    service: createArchiveService(createArchiveRepository(database.db)),
  });
  await app.register(fastifyMultipart);
  const fileStore = createFileStore(database.db);
  const importsService = createImportsService(database.db, importsRepository, fileStore);
  const changeFileReader = createChangeFileReader(
    config.changeFileReader,
    createDictionarySource(database.db),
  );
  // Only a listening server keeps a reader worker waiting; tests that inject requests start theirs per file.
  app.addHook('onListen', async () => void changeFileReader.warm());
  app.addHook('onClose', () => changeFileReader.close());
  await app.register(importsRoutes, { prefix: '/api/v1/imports', service: importsService });
  await app.register(uploadRoutes, {
    prefix: '/api/v1/imports',
    uploads: createImportsUploadService({
      db: database.db,
      repo: importsRepository,
      files: fileStore,
      imports: importsService,
      readChangeFile: (request) => changeFileReader.read(request),
      deadlineWorkingDays: config.uploads.deadlineWorkingDays,
      log: deps.logger,
    }),
    maxExcelBytes: config.changeFileReader.limits.maxFileBytes,
    maxDocumentBytes: config.uploads.documentMaxBytes,
  });
  await app.register(reviewRoutes, {
    prefix: '/api/v1/imports',
    service: createReviewService({
      db: database.db,
      repo: createReviewRepository(database.db),
      imports: importsService,
      interns: internService,
      matching: createInternMatchingService(createInternMatchingRepository(database.db)),
    }),
  });
  await app.register(changeFileTemplateRoutes, { prefix: '/api/v1/imports' });
  await app.register(filesRoutes, { prefix: '/api/v1/files', service: importsService });
  app.get('/api/v1/openapi.json', { config: { access: 'anyone' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  app.get('/api/v1/health', { config: { access: 'anyone' }, schema: { hide: true } }, async () => {
    await database.db.execute('select 1');
    return { status: 'ok' };
  });

  // 6. The web app and the SPA fallback, last so that API routes win.
  await registerWeb(app, deps.webRoot);

  return app;
}
