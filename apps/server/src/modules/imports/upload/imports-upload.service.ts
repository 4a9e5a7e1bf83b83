import { createHash } from 'node:crypto';
import { formatDateTime, texts, type ImportListItem, type NamedRef } from '@registry/shared';
import type { FastifyBaseLogger } from 'fastify';
import { isEmbedded, type Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { CurrentAccount } from '../../../lib/session.js';
import type { ChangeFileReader, ReadOutcome, RowStream } from '../reader/change-file-runner.js';
import { ChangeFileRefusal } from '../rows/change-file-messages.js';
import { entryDeadline, type WorkCalendar } from '../deadline.js';
import { hasMarkup, isPdf, isPkcs7Signature } from './document-kinds.js';
import type { FileStore, NewFile } from '../store/file-store.js';
import { lockFileHash, storeImport, type ReadImport } from '../store/imports-store.js';
import type { ImportsRepository } from '../imports.repository.js';
import type { ImportsStoreRepository } from '../store/imports-store.repository.js';
import type { ImportsService } from '../imports.service.js';
import type { OrganizationService } from '../../organization/organization.service.js';
import type { SchoolService } from '../../school/school.service.js';
import type { UploadedFile } from './upload-parts.js';
import { createUploadStates, type UploadStates } from './upload-states.js';

export const uploadRules = {
  fileRequired: 'Файл обязателен для приложения',
  notPdf: (name: string) => `Файл «${name}» не является документом PDF`,
  markupNotPdf: (name: string) =>
    `Файл «${name}» не является документом PDF: в нём разметка веб-страницы или рисунка (HTML, SVG)`,
  notSignature: (name: string) => `Файл «${name}» не является электронной подписью (.sig, PKCS#7)`,
  refused: 'Файл не принят: исправьте ошибки и загрузите его снова',
  noRows: 'В файле нет ни одной строки с данными',
  unknownOrganization: 'СРО не найдено',
  noOrganization: 'Учётная запись не связана с СРО',
} as const;

/** The documents of an SRO's upload, each required or optional, with the check of its content. */
const pdf = (title: string, required: boolean) =>
  ({
    title,
    required,
    check: isPdf,
    refuse: (name: string, content: Buffer) =>
      hasMarkup(content) ? uploadRules.markupNotPdf(name) : uploadRules.notPdf(name),
    extension: 'pdf',
    contentType: 'application/pdf',
  }) as const;
const signature = (title: string) =>
  ({
    title,
    required: false,
    check: isPkcs7Signature,
    refuse: uploadRules.notSignature,
    extension: 'sig',
    contentType: 'application/pkcs7-signature',
  }) as const;

const documentKinds = {
  protocol: pdf('Протокол', true),
  letter: pdf('Сопроводительное письмо', true),
  protocolSignature: signature('Подпись протокола'),
  letterSignature: signature('Подпись письма'),
};
export type DocumentField = keyof typeof documentKinds;
export const documentFields = Object.keys(documentKinds) as DocumentField[];

/**
 * Every problem of an SRO's upload with its files at once (the missing Excel file included, when the
 * documents have problems too), or the documents ready to store.
 */
function checkDocuments(files: Map<string, UploadedFile>): Partial<Record<DocumentField, NewFile>> {
  const problems: string[] = [];
  const checked: Partial<Record<DocumentField, NewFile>> = {};
  for (const field of documentFields) {
    const kind = documentKinds[field];
    const file = files.get(field);
    if (!file || file.content.length === 0) {
      if (kind.required) problems.push(`${kind.title}: ${uploadRules.fileRequired}`);
      continue;
    }
    if (!kind.check(file.content)) problems.push(kind.refuse(file.name, file.content));
    else checked[field] = { ...file, extension: kind.extension, contentType: kind.contentType };
  }
  if (problems.length === 0) return checked;
  // A missing Excel file alone is reported by the import itself; beside other problems it is one more line.
  const excel = files.get('file');
  if (!excel || excel.content.length === 0) problems.unshift(`Файл изменений: ${uploadRules.fileRequired}`);
  throw new AppError(400, problems.length === 1 ? problems[0]! : texts.invalidRequest, problems);
}

interface UploadDeps {
  db: Db;
  repo: ImportsRepository;
  store: ImportsStoreRepository;
  files: FileStore;
  imports: ImportsService;
  organizations: OrganizationService;
  schools: SchoolService;
  readChangeFile: ChangeFileReader['read'];
  /** Settles the rows that say what the register holds, as the import is revealed (review/unchanged-rows.ts). */
  settleRows: (tx: Db, importId: number, organizationId: number, read: ReadImport) => Promise<number>;
  deadlineWorkingDays: number;
  clock?: () => Date;
  log?: FastifyBaseLogger;
}

interface ImportInput {
  account: CurrentAccount;
  /** The id the uploader gave the upload to ask how far its check is, if any. */
  uploadId: string | null;
  /** An operator confirmed uploading a file the SRO already has an import of. */
  confirmDuplicate: boolean;
  organizationId: number;
  excel: UploadedFile | undefined;
  documents: Partial<Record<DocumentField, NewFile>>;
  importSchools: boolean;
  requisites: { number: string | null; date: string | null };
  organizationRequisites: { number: string | null; date: string | null };
}

async function organizationOf(deps: UploadDeps, id: number): Promise<NamedRef> {
  const organization = await deps.organizations.find(id);
  if (!organization)
    throw new AppError(400, texts.invalidRequest, [`«organizationId»: ${uploadRules.unknownOrganization}`]);
  return { Id: organization.Id, Name: organization.Name };
}

/**
 * What the upload makes of the reader's outcome once the rows end: the rest of the import, or the upload
 * refused with the reader's problems (the rows already stored go with it).
 */
function checkRead(deps: UploadDeps, input: ImportInput, outcome: ReadOutcome): ReadImport {
  if (!outcome.ok) {
    deps.log?.info(
      { kind: outcome.kind, detail: outcome.detail, elapsedMs: outcome.elapsedMs },
      'change file refused',
    );
    throw new AppError(400, uploadRules.refused, outcome.problems);
  }
  deps.log?.info(
    { rows: outcome.rowCount, elapsedMs: outcome.elapsedMs, heapPeakMb: outcome.heapPeakMb },
    'change file read',
  );
  if (outcome.rowCount === 0) throw new AppError(400, uploadRules.noRows);
  return {
    extension: outcome.extension,
    headers: outcome.headers,
    notices: outcome.notices,
    rowCount: outcome.rowCount,
    newSchools: input.importSchools ? outcome.newSchools : [],
    keyed: outcome.keyed,
    exportKeys: outcome.exportKeys,
  };
}

/** Refuses the file if the SRO has a stored import of the same bytes, naming it (in `tx` when given). */
async function refuseRepeatedFile(deps: UploadDeps, organizationId: number, fileHash: string, tx?: Db) {
  const earlier = await deps.repo.latestWithFileHash(organizationId, fileHash, tx);
  if (earlier) {
    throw AppError.namingImport(409, texts.duplicateUpload(earlier.id, formatDateTime(earlier.importedAt)), {
      Id: earlier.id,
      ImportedAt: earlier.importedAt.toISOString(),
    });
  }
}

/**
 * Refuses the same change file (the same bytes) uploaded again for the SRO, naming the earlier import, unless
 * an operator confirmed it; answers the file's SHA-256, stored with the import. Checked before the file is
 * read, so that a repeat costs no reading, and again as the import is revealed (`storeUpload`), so that two
 * uploads of one file at once cannot both be stored.
 */
async function checkRepeatedFile(deps: UploadDeps, input: ImportInput & { excel: UploadedFile }) {
  const fileHash = createHash('sha256').update(input.excel.content).digest('hex');
  if (!input.confirmDuplicate) await refuseRepeatedFile(deps, input.organizationId, fileHash);
  return fileHash;
}

/**
 * Stores the import, its files and its rows as the reader sends them, visible whole or not at all
 * (imports-store.ts); answers its id.
 */
function storeUpload(
  deps: UploadDeps,
  input: ImportInput & { excel: UploadedFile },
  organization: NamedRef,
  upload: { fileHash: string; calendar: WorkCalendar; stream: RowStream },
) {
  const uploadedAt = (deps.clock ?? (() => new Date()))();
  const { protocol, letter, protocolSignature, letterSignature } = input.documents;
  return storeImport(deps, {
    values: {
      organizationId: organization.Id,
      importedById: input.account.id,
      importedAt: uploadedAt,
      deadlineAt: entryDeadline(uploadedAt, deps.deadlineWorkingDays, upload.calendar),
      importSchools: input.importSchools,
      number: input.requisites.number,
      date: input.requisites.date,
      organizationNumber: input.organizationRequisites.number,
      organizationDate: input.organizationRequisites.date,
      fileHash: upload.fileHash,
    },
    excel: input.excel,
    documents: {
      ...(protocol ? { protocolFileId: protocol } : {}),
      ...(protocolSignature ? { protocolSignatureFileId: protocolSignature } : {}),
      ...(letter ? { letterFileId: letter } : {}),
      ...(letterSignature ? { letterSignatureFileId: letterSignature } : {}),
    },
    batches: upload.stream.batches,
    finish: async () => checkRead(deps, input, await upload.stream.outcome),
    afterReveal: async (tx, importId, read) => {
      // Only a pre-filled file's rows carry keys: an ordinary file's rows are all reviewed, and not read again.
      if (!read.keyed) return;
      try {
        await deps.settleRows(tx, importId, organization.Id, read);
      } catch (error) {
        if (error instanceof ChangeFileRefusal) throw new AppError(400, uploadRules.refused, error.problems);
        throw error;
      }
    },
    // Under a lock on the SRO's file hash, in the transaction that reveals the import: of two uploads of
    // one file at once, the second sees the first once it is stored.
    ...(input.confirmDuplicate
      ? {}
      : {
          beforeReveal: async (tx: Db) => {
            await lockFileHash(tx, organization.Id, upload.fileHash);
            await refuseRepeatedFile(deps, organization.Id, upload.fileHash, tx);
          },
        }),
  });
}

/**
 * Reads the change file and stores the import, its files and its rows whole, or nothing; the rows are
 * stored while the file is read. While it is read, an upload with an id says whether it waits in the
 * reader's queue or is being read.
 */
async function createImport(
  deps: UploadDeps,
  states: UploadStates,
  input: ImportInput,
): Promise<ImportListItem> {
  const { excel } = input;
  if (!excel || excel.content.length === 0) throw new AppError(400, uploadRules.fileRequired);
  const organization = await organizationOf(deps, input.organizationId);
  const fileHash = await checkRepeatedFile(deps, { ...input, excel });
  const calendar = await deps.repo.workCalendar();
  const tracked = input.uploadId ? states.begin(input.uploadId, input.account.id) : null;
  const id = await deps
    .readChangeFile(
      {
        bytes: excel.content,
        name: excel.name,
        organization,
        importSchools: input.importSchools,
        // PGlite stores a row slower than the worker reads it, so its rows are best sent as soon as read.
        streamRows: isEmbedded(deps.db),
        ...(tracked ? { onStage: tracked.onStage } : {}),
      },
      (stream) => storeUpload(deps, { ...input, excel }, organization, { fileHash, calendar, stream }),
    )
    .finally(() => tracked?.done());
  // The new import's summary: its rows are for the detail, and thousands of them would only slow the answer.
  return deps.imports.summary(id, input.account);
}

export function createImportsUploadService(deps: UploadDeps) {
  const states = createUploadStates();
  return {
    /** An operator's upload: the SRO chosen, the Excel file, optional incoming requisites. */
    async uploadByOperator(
      account: CurrentAccount,
      data: {
        importSchools: boolean;
        organizationId: number;
        number?: string | null;
        date?: string | null;
        confirmDuplicate?: boolean;
      },
      excel: UploadedFile | undefined,
      uploadId: string | null = null,
    ) {
      return createImport(deps, states, {
        account,
        uploadId,
        confirmDuplicate: data.confirmDuplicate ?? false,
        organizationId: data.organizationId,
        excel,
        documents: {},
        importSchools: data.importSchools,
        requisites: { number: data.number ?? null, date: data.date ?? null },
        organizationRequisites: { number: null, date: null },
      });
    },

    /** An SRO representative's upload: the Excel file, protocol and letter (PDF), optional signatures. */
    async uploadByOrganization(
      account: CurrentAccount,
      data: { Number: string; Date: string },
      files: Map<string, UploadedFile>,
      uploadId: string | null = null,
    ) {
      if (!account.organization) throw new AppError(403, uploadRules.noOrganization);
      const documents = checkDocuments(files);
      return createImport(deps, states, {
        account,
        uploadId,
        // A representative cannot confirm a repeated file: only an operator may upload one on purpose.
        confirmDuplicate: false,
        organizationId: account.organization.id,
        excel: files.get('file'),
        documents,
        importSchools: false,
        requisites: { number: null, date: null },
        organizationRequisites: { number: data.Number, date: data.Date },
      });
    },

    /** How far the caller's upload of this id is, as this process knows it (upload-states.ts). */
    uploadState(uploadId: string, account: CurrentAccount) {
      return states.stateOf(uploadId, account.id);
    },
  };
}

export type ImportsUploadService = ReturnType<typeof createImportsUploadService>;
