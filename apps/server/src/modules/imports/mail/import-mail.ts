import { PassThrough } from 'node:stream';
import { ImportStatus, toDateValue, type ImportMail } from '@registry/shared';
import type { Db } from '../../../db/client.js';
import { XLSX_CONTENT_TYPE } from '../../../lib/http-files.js';
import type { Letter } from '../../../mail/mail-worker.js';
import type { MailAttachment } from '../../../mail/mailer.js';
import { MailJobStatus, type MailJob } from '../../../mail/outbox.js';
import { writeRejectedRows } from '../review/rejected-rows-file.js';
import type { ReviewRepository } from '../review/review.repository.js';
import type { FileStore } from '../store/file-store.js';
import { digestLetter, processedLetter, rejectedLetter, type Recipient } from './import-letters.js';
import { createImportMailRepository, type ImportMailRepository } from './import-mail.repository.js';

/** Working days ahead that the operators' morning digest looks: imports due by the end of the second. */
const DIGEST_WORKING_DAYS = 2;

const statusNames = {
  [MailJobStatus.Waiting]: 'waiting',
  [MailJobStatus.Sent]: 'sent',
  [MailJobStatus.Dropped]: 'dropped',
  [MailJobStatus.Failed]: 'failed',
} as const;

interface ImportMailDeps {
  db: Db;
  /** The entry deadline `workingDays` working days after `from`, by the registry's calendar (deadline.ts). */
  deadline: (from: Date, workingDays: number) => Promise<Date>;
  review: ReviewRepository;
  files: FileStore;
  publicUrl: string;
  clock: () => Date;
}

async function rejectedRowsFile(review: ReviewRepository, importId: number): Promise<MailAttachment> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
  await writeRejectedRows(await review.rejectedRows(importId), stream);
  await ended;
  return {
    filename: `Отклонённые записи импорта ${importId}.xlsx`,
    content: Buffer.concat(chunks),
    contentType: XLSX_CONTENT_TYPE,
  };
}

/** A letter to a representative about their SRO's import, if what it would tell still holds. */
async function importLetter(
  deps: ImportMailDeps,
  repo: ImportMailRepository,
  job: MailJob,
  to: Recipient & { organizationId: number | null },
): Promise<Letter> {
  const item = job.importId === null ? null : await repo.letterImport(job.importId);
  if (!item || to.organizationId !== item.organizationId)
    return { drop: 'Адресат больше не представляет СРО импорта' };
  const conflicts = await repo.conflicts(item.id);
  if (job.kind === 'import-rejected') {
    if (item.status !== ImportStatus.Rejected || item.rejectionReason === null)
      return { drop: 'Импорт не отклонён' };
    const file = item.rejectionFileId === null ? null : await deps.files.content(item.rejectionFileId);
    const attachment = file
      ? { filename: file.name, content: file.content, contentType: XLSX_CONTENT_TYPE }
      : null;
    return rejectedLetter(
      to,
      { ...item, rejectionReason: item.rejectionReason, conflicts },
      deps.publicUrl,
      attachment,
    );
  }
  // A row returned to processing reopened the import; the letter of its next processing tells what holds.
  if (item.status !== ImportStatus.Processed || item.handledAt?.getTime() !== job.eventAt.getTime())
    return { drop: 'Импорт снова в обработке' };
  const attachment = item.rejectedCount > 0 ? await rejectedRowsFile(deps.review, item.id) : null;
  return processedLetter(to, { ...item, conflicts }, deps.publicUrl, attachment);
}

/**
 * The letters about imports: each outbox job's letter, written when it is sent; the working days the digest
 * goes out on; and an import's letters as its detail shows them to operators.
 */
export function createImportMail(deps: ImportMailDeps) {
  const repo = createImportMailRepository(deps.db);

  async function digest(to: Recipient & { morningDigest: boolean }): Promise<Letter> {
    if (!to.morningDigest) return { drop: 'Сводка отключена' };
    const now = deps.clock();
    const limit = await deps.deadline(now, DIGEST_WORKING_DAYS);
    const due = await repo.openDueBy(limit);
    if (due.length === 0) return { drop: 'Нет импортов со сроком в ближайшие два рабочих дня' };
    return digestLetter(to, due, now, deps.publicUrl);
  }

  return {
    async letterFor(job: MailJob): Promise<Letter> {
      const to = await repo.recipient(job.accountId);
      if (!to) return { drop: 'Учётная запись не найдена' };
      return job.kind === 'deadline-digest' ? digest(to) : importLetter(deps, repo, job, to);
    },

    /** A Moscow day (yyyy-MM-dd) is working when the first working day after the day before it is itself. */
    async isWorkingDay(day: string): Promise<boolean> {
      const dayBefore = new Date(Date.parse(`${day}T00:00:00+03:00`) - 1);
      return toDateValue(await deps.deadline(dayBefore, 1)) === day;
    },

    async mailsOf(importId: number): Promise<ImportMail[]> {
      const rows = await repo.mailsOf(importId);
      return rows.map((row) => ({
        FullName: row.fullName,
        EmailAddress: row.emailAddress,
        Kind: row.kind === 'import-rejected' ? 'rejected' : 'processed',
        Status: statusNames[row.status as keyof typeof statusNames],
        Attempts: row.attempts,
        SentAt: row.sentAt?.toISOString() ?? null,
        NextAttemptAt: row.status === MailJobStatus.Waiting ? row.nextAttemptAt.toISOString() : null,
        LastError: row.lastError,
      }));
    },
  };
}

export type ImportMailService = ReturnType<typeof createImportMail>;
