import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import { ChangeStatus, openImportStatuses } from '@registry/shared';
import type { Db } from '../../../db/client.js';
import {
  accounts,
  importChanges,
  imports,
  mailJobs,
  organizations,
  storedFiles,
} from '../../../db/schema/index.js';
import { importRequisitesAndCounts } from '../imports.repository.js';
import type { ConflictCounts } from './import-letters.js';

const letterColumns = {
  id: imports.id,
  organizationId: imports.organizationId,
  organizationName: organizations.name,
  importedAt: imports.importedAt,
  deadlineAt: imports.deadlineAt,
  fileName: storedFiles.name,
  status: imports.status,
  ...importRequisitesAndCounts,
  handledAt: imports.handledAt,
  rejectionReason: imports.rejectionReason,
  rejectionFileId: imports.rejectionFileId,
};

/** What the letters about imports read: the import, its recipient, the open imports near their deadline. */
export function createImportMailRepository(db: Db) {
  const selectImports = () =>
    db
      .select(letterColumns)
      .from(imports)
      .innerJoin(organizations, eq(organizations.id, imports.organizationId))
      .innerJoin(storedFiles, eq(storedFiles.id, imports.fileId));

  return {
    async letterImport(id: number) {
      const [row] = await selectImports().where(eq(imports.id, id));
      return row ?? null;
    },

    /** The import's rows edited both in the file and in the register since its download, as they were handled. */
    async conflicts(importId: number): Promise<ConflictCounts> {
      const [row] = await db
        .select({
          accepted: count(sql`case when ${importChanges.status} = ${ChangeStatus.Finished} then 1 end`),
          rejected: count(sql`case when ${importChanges.status} = ${ChangeStatus.Rejected} then 1 end`),
        })
        .from(importChanges)
        .where(and(eq(importChanges.importId, importId), eq(importChanges.isEditedOnBothSides, true)));
      return row ?? { accepted: 0, rejected: 0 };
    },

    /** Imports waiting for an operator whose deadline is `limit` or earlier (past ones too), soonest first. */
    async openDueBy(limit: Date) {
      return selectImports()
        .where(and(inArray(imports.status, openImportStatuses), lte(imports.deadlineAt, limit)))
        .orderBy(asc(imports.deadlineAt), asc(imports.id));
    },

    async recipient(accountId: number) {
      const [row] = await db
        .select({
          fullName: accounts.fullName,
          emailAddress: accounts.emailAddress,
          organizationId: accounts.organizationId,
          morningDigest: accounts.morningDigest,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row ?? null;
    },

    /** The letters about an import, oldest first, with their recipients. */
    async mailsOf(importId: number) {
      return db
        .select({
          fullName: accounts.fullName,
          emailAddress: accounts.emailAddress,
          kind: mailJobs.kind,
          status: mailJobs.status,
          attempts: mailJobs.attempts,
          sentAt: mailJobs.sentAt,
          nextAttemptAt: mailJobs.nextAttemptAt,
          lastError: mailJobs.lastError,
        })
        .from(mailJobs)
        .innerJoin(accounts, eq(accounts.id, mailJobs.accountId))
        .where(eq(mailJobs.importId, importId))
        .orderBy(asc(mailJobs.id));
    },
  };
}

export type ImportMailRepository = ReturnType<typeof createImportMailRepository>;
