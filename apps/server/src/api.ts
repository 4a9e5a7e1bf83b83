import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { scheduleAuditPurge } from './modules/audit/audit-purge.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { createAuditService } from './modules/audit/audit.service.js';
import { createArchiveRepository } from './modules/archive/archive.repository.js';
import { archiveRoutes } from './modules/archive/archive.routes.js';
import { createArchiveService } from './modules/archive/archive.service.js';
import { createDocumentsRepository } from './modules/archive/documents.repository.js';
import { createDocumentsService } from './modules/archive/documents.service.js';
import { createDictionaryRepository } from './modules/dictionary/dictionary.repository.js';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes.js';
import { createDictionaryService } from './modules/dictionary/dictionary.service.js';
import { createImportsModule, createPendingRowsNaming } from './modules/imports/imports.module.js';
import { createInternModule } from './modules/intern/intern.module.js';
import { createOperatorRepository } from './modules/operator/operator.repository.js';
import { operatorRoutes } from './modules/operator/operator.routes.js';
import { createOperatorService } from './modules/operator/operator.service.js';
import { createOrganizationRepository } from './modules/organization/organization.repository.js';
import { organizationRoutes } from './modules/organization/organization.routes.js';
import { createOrganizationService } from './modules/organization/organization.service.js';
import { createSchoolRepository } from './modules/school/school.repository.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { createStatsService } from './modules/stats/stats.service.js';
import { schoolRoutes } from './modules/school/school.routes.js';
import { createSchoolService } from './modules/school/school.service.js';
import { sessionCookies } from './lib/session.js';
import { registerAuth } from './plugins/auth.js';
import { registerCrossSiteGuard } from './plugins/cross-site.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { createMailWorker, type MailWorker } from './mail/mail-worker.js';
import { createOutbox } from './mail/outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender: main.ts starts its rounds once listening; tests run them one at a time. */
    mailWorker: MailWorker;
  }
}

/*
 * The API's modules, each built from its repository and the services of the modules it uses, and mounted
 * under /api/v1. A module reaches another only through the service handed to it here.
 */

/** The services every other module may need, built once. */
export function createServices({
  database,
  config,
  mailer,
  logger,
  clock = () => new Date(),
}: Pick<AppDeps, 'database' | 'config' | 'mailer' | 'logger' | 'clock'>) {
  const { db } = database;
  const organizations = createOrganizationService(createOrganizationRepository(db));
  // The journal every module writes to (lib/audit.ts), in the transactions of what it records.
  const audit = createAuditService(db, createAuditRepository(db), {
    retentionDays: config.auditRetentionDays,
  });
  const schools = createSchoolService(createSchoolRepository(db));
  const dictionaries = createDictionaryService(createDictionaryRepository(db), { organizations, schools });
  const documents = createDocumentsRepository(db);
  const outbox = createOutbox(db);
  const intern = createInternModule({ db, audit, pendingRowsNaming: createPendingRowsNaming(db) });
  const imports = createImportsModule({
    db,
    settings: {
      publicUrl: config.publicUrl,
      reader: config.changeFileReader,
      uploads: config.uploads,
      changeFile: { secret: config.changeFileSecret, dataDir: config.dataDir },
    },
    clock,
    log: logger,
    outbox,
    audit,
    organizations,
    schools,
    dictionaries,
    interns: intern.interns,
    matching: intern.matching,
  });
  return {
    audit,
    organizations,
    schools,
    dictionaries,
    operators: createOperatorService(db, createOperatorRepository(db), mailer, config, audit),
    intern,
    archive: createArchiveService(createArchiveRepository(db), documents),
    documents: createDocumentsService(documents),
    imports,
    outbox,
    stats: createStatsService({ organizations, interns: intern.stats, imports: imports.stats }),
  };
}
type Services = ReturnType<typeof createServices>;

/** Sessions and who may call what (decided before a body is read); cross-site writes; the NUL character. */
async function registerAccess(app: FastifyInstance, deps: AppDeps, services: Services) {
  const account = createAccountService(
    createAccountRepository(deps.database.db),
    deps.config,
    {
      internsCount: () => services.intern.search.countActive(),
      pendingImportsCount: () => services.imports.imports.countWaiting(),
    },
    deps.clock,
    services.audit,
  );
  registerAuth(app, (token) => account.resolveSession(token));
  registerCrossSiteGuard(app);
  registerInputGuard(app);
  await app.register(accountRoutes, {
    prefix: '/api/v1/account',
    service: account,
    cookies: sessionCookies({ secure: deps.config.cookieSecure, maxMs: deps.config.session.maxMs }),
  });
}

/** The audit journal's routes, and its daily retention purge while the server listens. */
async function registerAudit(app: FastifyInstance, services: Services) {
  await app.register(auditRoutes, { prefix: '/api/v1/audit', service: services.audit });
  // Only a listening server purges; tests that inject requests call the purge themselves.
  let purging: { stop(): void } | null = null;
  app.addHook('onListen', async () => {
    purging = scheduleAuditPurge(() => services.audit.purge(), app.log);
  });
  app.addHook('onClose', async () => purging?.stop());
}

/** Change files: upload, list, detail, rejection, files, the template and the row review. */
async function registerImports(app: FastifyInstance, { imports }: Services) {
  await app.register(fastifyMultipart);
  // Only a listening server keeps a reader worker waiting; tests that inject requests start theirs per file.
  app.addHook('onListen', async () => void imports.reader.warm());
  app.addHook('onClose', () => imports.reader.close());
  await imports.registerRoutes(app, { imports: '/api/v1/imports', files: '/api/v1/files' });
}

/**
 * The outbox's sender, one per process (docs/decisions.md «Mail»): stopped with the app, started by main.ts
 * once the app listens, so that tests send only when they run a round.
 */
function registerMailWorker(app: FastifyInstance, deps: AppDeps, services: Services) {
  const worker = createMailWorker({
    outbox: services.outbox,
    mailer: deps.mailer,
    letterFor: (job) => services.imports.mail.letterFor(job),
    digest: {
      hour: deps.config.morningDigestHour,
      isWorkingDay: (day) => services.imports.mail.isWorkingDay(day),
    },
    clock: deps.clock ?? (() => new Date()),
    log: deps.logger,
  });
  app.decorate('mailWorker', worker);
  app.addHook('onClose', () => worker.stop());
}

/**
 * Every API route, in the order: access, reference data, trainees, imports. Returns how busy the change-file
 * readers are, for the readiness probe and the metrics.
 */
export async function registerApi(app: FastifyInstance, deps: AppDeps) {
  const services = createServices(deps);
  registerMailWorker(app, deps, services);
  await registerAccess(app, deps, services);
  await app.register(organizationRoutes, {
    prefix: '/api/v1/organizations',
    service: services.organizations,
  });
  await app.register(schoolRoutes, { prefix: '/api/v1/schools', service: services.schools });
  // The dictionaries screen reaches schools and SROs through the dictionary service too.
  await app.register(dictionaryRoutes, { prefix: '/api/v1/dictionaries', service: services.dictionaries });
  await app.register(operatorRoutes, { prefix: '/api/v1/operators', service: services.operators });
  await services.intern.registerRoutes(app, '/api/v1/interns');
  await app.register(archiveRoutes, {
    prefix: '/api/v1/archives',
    service: services.archive,
    documents: services.documents,
  });
  await app.register(statsRoutes, { prefix: '/api/v1/stats', service: services.stats });
  await registerAudit(app, services);
  await registerImports(app, services);
  return { readerLoad: () => services.imports.reader.load() };
}
