import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuditRecorder } from '../../lib/audit.js';
import type { Outbox } from '../../mail/outbox.js';
import type { DictionaryService } from '../dictionary/dictionary.service.js';
import type { InternMatchingService, InternService, PendingRowsNaming } from '../intern/intern.service.js';
import type { OrganizationService } from '../organization/organization.service.js';
import type { SchoolService } from '../school/school.service.js';
import { createChangeFileExport, type ChangeFileExport } from './change-file-export.js';
import { createChangeFileExportRepository } from './change-file-export.repository.js';
import { changeFileSecret } from './change-file-keys.js';
import { entryDeadline } from './deadline.js';
import { createImportStatsRepository } from './import-stats.repository.js';
import { createImportStatsService } from './import-stats.service.js';
import { createImportsRepository } from './imports.repository.js';
import { filesRoutes, importsRoutes } from './imports.routes.js';
import { createImportsService, type ImportsService } from './imports.service.js';
import { createImportMail } from './mail/import-mail.js';
import { createDictionarySource } from './reader/change-file-dictionaries.js';
import { createChangeFileReader, type ReaderSettings } from './reader/change-file-runner.js';
import { createReviewRepository, pendingRowsNaming } from './review/review.repository.js';
import { reviewClaimRoutes, reviewReturnRoutes, reviewRoutes } from './review/review.routes.js';
import { createReviewService, type ReviewService } from './review/review.service.js';
import { settleUnchangedRows } from './review/unchanged-rows.js';
import { createFileStore } from './store/file-store.js';
import { discardHalfStored } from './store/imports-store.js';
import { createImportsStoreRepository } from './store/imports-store.repository.js';
import { createImportsUploadService, type ImportsUploadService } from './upload/imports-upload.service.js';
import { uploadRoutes } from './upload/upload.routes.js';

/*
 * The imports module's one face: the composition root (api.ts), main.ts and the demo seed build the module
 * here, from plain dependencies, and never reach its folders themselves.
 */

/** The module's own settings, picked out of the app's by api.ts. */
export interface ImportsSettings {
  /** The app's address, for the links in the letters to the SROs and operators. */
  publicUrl: string;
  reader: ReaderSettings;
  uploads: { deadlineWorkingDays: number; documentMaxBytes: number };
  /** The pre-filled change file's signing secret: the setting, else a file generated into `dataDir`. */
  changeFile: { secret: string | null; dataDir: string };
}

/** What the imports module is built from: the database, its settings, and the other modules it uses. */
export interface ImportsModuleDeps {
  db: Db;
  settings: ImportsSettings;
  clock: () => Date;
  log: FastifyBaseLogger;
  outbox: Outbox;
  /** The audit journal: the routes record who read a file or a row. */
  audit: AuditRecorder;
  organizations: OrganizationService;
  schools: SchoolService;
  /** The addresses and termination reasons a change file's values are found in. */
  dictionaries: DictionaryService;
  /** The card the row review saves an accepted row into. */
  interns: InternService;
  matching: InternMatchingService;
}

/** Where the module's routes are mounted. */
export interface RoutePrefixes {
  imports: string;
  files: string;
}

/** Every route of the module: the imports', the upload's, the row review's, and the files'. */
async function registerImportsRoutes(
  app: FastifyInstance,
  prefixes: RoutePrefixes,
  {
    imports,
    review,
    uploads,
    changeFile,
    audit,
    settings,
  }: {
    imports: ImportsService;
    changeFile: ChangeFileExport;
    review: ReviewService;
    uploads: ImportsUploadService;
    audit: AuditRecorder;
    settings: ImportsSettings;
  },
) {
  const prefix = prefixes.imports;
  await app.register(importsRoutes, { prefix, service: imports, changeFile });
  await app.register(uploadRoutes, {
    prefix,
    uploads,
    maxExcelBytes: settings.reader.limits.maxFileBytes,
    maxDocumentBytes: settings.uploads.documentMaxBytes,
  });
  await app.register(reviewRoutes, { prefix, service: review, audit });
  await app.register(reviewReturnRoutes, { prefix, service: review });
  await app.register(reviewClaimRoutes, { prefix, service: review });
  await app.register(filesRoutes, { prefix: prefixes.files, service: imports, audit });
}

/** An SRO's change files: each repository and file store built once, the services, the reader and the routes. */
export function createImportsModule(deps: ImportsModuleDeps) {
  const { db, settings, clock, outbox, schools } = deps;
  const repo = createImportsRepository(db);
  const files = createFileStore(db);
  const reviews = createReviewRepository(db);
  const mail = createImportMail({
    db,
    review: reviews,
    files,
    publicUrl: settings.publicUrl,
    clock,
    deadline: async (from, days) => entryDeadline(from, days, await repo.workCalendar()),
  });
  const imports = createImportsService(db, repo, files, {
    outbox,
    mailsOf: (id) => mail.mailsOf(id),
  });
  const review = createReviewService({
    db,
    repo: reviews,
    imports,
    interns: deps.interns,
    matching: deps.matching,
    schools,
    outbox,
  });
  const reader = createChangeFileReader(
    settings.reader,
    createDictionarySource({ schools, dictionaries: deps.dictionaries }),
  );
  const secret = changeFileSecret(settings.changeFile.secret, settings.changeFile.dataDir); // written and read back
  const uploads = createImportsUploadService({
    db,
    repo,
    store: createImportsStoreRepository(),
    files,
    imports,
    organizations: deps.organizations,
    schools,
    readChangeFile: (request, consume) => reader.read(request, consume),
    settleRows: (tx, importId, organizationId, read) =>
      settleUnchangedRows({ outbox, secret }, tx, importId, organizationId, read),
    deadlineWorkingDays: settings.uploads.deadlineWorkingDays,
    clock,
    log: deps.log,
  });
  const changeFile = createChangeFileExport({
    repo: createChangeFileExportRepository(db),
    organizations: deps.organizations,
    audit: deps.audit,
    secret,
    clock,
    rowsPerPart: settings.reader.limits.maxRows,
  });
  return {
    /** The imports' list, detail, requisites, whole rejection and files; the menu's count. */
    imports,
    /** A row beside the register, accepted into a trainee or rejected, returned or undone. */
    review,
    /** The letters the outbox's worker sends: to the SRO, and the operators' morning digest. */
    mail,
    /** The reviewers' figures per SRO and period (the statistics). */
    stats: createImportStatsService(createImportStatsRepository(db)),
    /** Uploads of change files with their documents (the API's routes, and the demo seed). */
    uploads,
    /** The change-file readers' worker threads: warmed and closed with the server, their load for probes. */
    reader,

    /** Mounts the imports' routes under `prefixes.imports` (/api/v1/imports), and their files'. */
    registerRoutes: (app: FastifyInstance, prefixes: RoutePrefixes) =>
      registerImportsRoutes(app, prefixes, {
        imports,
        review,
        uploads,
        changeFile,
        audit: deps.audit,
        settings,
      }),
  };
}
export type ImportsModule = ReturnType<typeof createImportsModule>;

/**
 * The card's question to the imports, the rows waiting for an operator that name a SNILS: answered from the
 * database alone, so that api.ts hands it to the intern module, whose card service the row review needs.
 */
export function createPendingRowsNaming(db: Db): PendingRowsNaming {
  return async (snils) => (snils ? pendingRowsNaming(db, snils) : []);
}

/** Deletes the uploads a stopped process left half stored (PGlite stores an upload in steps); how many. */
export function discardHalfStoredImports(db: Db): Promise<number> {
  return discardHalfStored(db, createImportsStoreRepository());
}
