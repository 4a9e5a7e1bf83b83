import { ChangeStatus, ImportStatus } from '@registry/shared';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { importChanges, imports } from '../../../db/schema/index.js';
import type { Outbox } from '../../../mail/outbox.js';
import { internSectionsAt } from '../../intern/intern.service.js';
import { createChangeFileExportRepository } from '../change-file-export.repository.js';
import { REGISTER_ID_HEADER } from '../rows/change-file-columns.js';
import {
  ChangeFileRefusal,
  MAX_PROBLEM_LINES,
  cellMessages,
  cellProblem,
} from '../rows/change-file-messages.js';
import type { ExportKeys } from '../rows/change-file-keys-sheet.js';
import { internshipsIn } from '../rows/change-file-values.js';
import { exportVersionsOf, type ExportVersions } from './export-versions.js';
import { filledPaths } from './filled-paths.js';
import { countedOff } from './review.repository.js';
import { mergeRow, type MergedRow, type RowSections } from './merge.js';
import { pathsSinceDownload } from './since-export.js';

/*
 * Rows that say what the register holds (docs/row-review.md#rows-without-changes). An SRO sending back its
 * pre-filled change file leaves most rows as they were; such a row is no operator's work. As an import is
 * revealed, in the same transaction, each waiting row keyed by «Номер в реестре» whose trainee (not deleted)
 * the merge would leave as it is (merge.ts, the review's own comparison, so a changed SNILS is a change)
 * becomes ChangeStatus.Unchanged, naming the trainee. With the file's signed keys, only the cells the SRO
 * changed since the download count (since-export.ts): a row it left as downloaded is unchanged even if the
 * register moved on since, and a row where both changed one cell is marked a conflict. A row with a notice (a
 * school the dictionary lacks) stays for an operator, who has a choice to make. A row of an ordinary file,
 * without the key, is always reviewed.
 */

const BATCH = 1000;

/** Whether merging the row would change nothing in the trainee. */
export function changesNothing(merged: MergedRow): boolean {
  return (
    !merged.PersonalInfo.HasChanges &&
    !merged.Internship.HasChanges &&
    !merged.InternshipSteps.HasChanges &&
    merged.Supervisors.every((supervisor) => !supervisor.HasChanges)
  );
}

/**
 * A batch of waiting rows after `after` that a pre-filled file keyed by «Номер в реестре». The key is looked
 * for in the row's JSON text, which is never parsed in the database: an ordinary file's rows cost nothing.
 */
function keyedWaitingRows(tx: Db, importId: number, after: number) {
  return tx
    .select({
      id: importChanges.id,
      rowNumber: importChanges.rowNumber,
      data: importChanges.data,
      raw: importChanges.raw,
      notices: importChanges.notices,
    })
    .from(importChanges)
    .where(
      and(
        eq(importChanges.importId, importId),
        eq(importChanges.status, ChangeStatus.Pending),
        gt(importChanges.id, after),
        sql`${importChanges.data} like '%"RegisterId":%'`,
      ),
    )
    .orderBy(asc(importChanges.id))
    .limit(BATCH);
}

/** `case id when … then … end` of a value per row. */
const byRow = <T>(rows: { id: number }[], value: (index: number) => T, type: 'int' | 'boolean') =>
  sql`case ${importChanges.id} ${sql.join(
    rows.map((row, index) => sql`when ${row.id}::int then ${value(index)}::${sql.raw(type)}`),
    sql` `,
  )} end`;

const idsOf = (rows: { id: number }[]) =>
  inArray(
    importChanges.id,
    rows.map((row) => row.id),
  );

/** Marks the rows unchanged, naming their trainees; how many were still waiting. */
async function markUnchanged(tx: Db, rows: { id: number; internId: number }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const updated = await tx
    .update(importChanges)
    .set({ status: ChangeStatus.Unchanged, internId: byRow(rows, (i) => rows[i]!.internId, 'int') })
    .where(
      and(idsOf(rows), eq(importChanges.status, ChangeStatus.Pending), isNull(importChanges.claimedById)),
    )
    .returning({ id: importChanges.id });
  return updated.length;
}

/** Keeps each row's trainee version at the download, and whether the file and the register both changed it. */
async function markDownloaded(
  tx: Db,
  rows: { id: number; exportedVersion: number; isEditedOnBothSides: boolean }[],
) {
  if (rows.length === 0) return;
  await tx
    .update(importChanges)
    .set({
      exportedVersion: byRow(rows, (i) => rows[i]!.exportedVersion, 'int'),
      isEditedOnBothSides: byRow(rows, (i) => rows[i]!.isEditedOnBothSides, 'boolean'),
    })
    .where(idsOf(rows));
}

/** The import's keys as read: the download's time on the import, or the notice why there is none. */
async function recordKeys(tx: Db, importId: number, keys: ExportVersions | { notice: string }) {
  await tx
    .update(imports)
    .set(
      'notice' in keys
        ? { notices: sql`${imports.notices} || ${JSON.stringify([keys.notice])}::jsonb` }
        : { exportedAt: keys.exportedAt },
    )
    .where(eq(imports.id, importId));
  return 'notice' in keys ? null : keys;
}

/**
 * Counts the unchanged rows on the import: processed at once when no row is left waiting, and then the SRO is
 * told, as when an operator handles the last row.
 */
async function countUnchanged(tx: Db, outbox: Pick<Outbox, 'enqueueForImport'>, importId: number, n: number) {
  if (n === 0) return;
  const [updated] = await tx
    .update(imports)
    .set({ ...countedOff(n, sql`${imports.status}`), unchangedCount: sql`${imports.unchangedCount} + ${n}` })
    .where(eq(imports.id, importId))
    .returning({ status: imports.status });
  if (updated?.status === ImportStatus.Processed)
    await outbox.enqueueForImport(tx, 'import-processed', importId);
}

export interface SettleDeps {
  outbox: Pick<Outbox, 'enqueueForImport'>;
  /** The secret the pre-filled file's keys are signed with. */
  secret: () => Promise<Buffer>;
}

/** What settling needs of the file as read. */
export interface SettleRead {
  /** The import's headers, in the order of each row's cells. */
  headers: string[];
  /** The very hidden sheet «Ключи» as read, to be verified. */
  exportKeys: ExportKeys | 'damaged' | null;
}

/**
 * Settles an import's rows that say what the register holds, in the transaction that reveals it; how many.
 * A key that names no trainee of the SRO (another SRO's, a deleted one, none) refuses the file, its row
 * named: the key decides whom a row updates.
 */
export async function settleUnchangedRows(
  deps: SettleDeps,
  tx: Db,
  importId: number,
  organizationId: number,
  read: SettleRead,
): Promise<number> {
  const trainees = createChangeFileExportRepository(tx);
  const download = await recordKeys(
    tx,
    importId,
    exportVersionsOf(await deps.secret(), read.exportKeys, organizationId),
  );
  let settled = 0;
  const problems: string[] = [];
  for (let after = 0; ;) {
    const batch = await keyedWaitingRows(tx, importId, after);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    // The pattern may also meet a user's text that spells the key; only a number is a key.
    const rows = batch
      .map((row) => ({ ...row, data: row.data as RowSections }))
      .filter((row) => typeof row.data.RegisterId === 'number');
    const found = await trainees.trainees([...new Set(rows.map((row) => row.data.RegisterId!))]);
    // A key names one of the SRO's trainees, or the row is refused: never another SRO's or a deleted one.
    const records = new Map(
      found
        .filter(
          (each) => !each.isDeleted && internshipsIn(each.sections.Internships, organizationId).length > 0,
        )
        .map((each) => [each.id, each]),
    );
    const unchanged: { id: number; internId: number }[] = [];
    const downloaded: { id: number; exportedVersion: number; isEditedOnBothSides: boolean }[] = [];
    for (const row of rows) {
      const internId = row.data.RegisterId!;
      const record = records.get(internId);
      if (!record) {
        if (problems.length < MAX_PROBLEM_LINES)
          problems.push(
            cellProblem(row.rowNumber, REGISTER_ID_HEADER, cellMessages.registerIdNotOurs(internId)),
          );
        continue;
      }
      const version = download?.versions.get(internId);
      const { paths, marks } = await pathsSinceDownload(
        row.data,
        filledPaths(read.headers, row.raw),
        record,
        download && version !== undefined ? { at: download.exportedAt, version } : null,
        (at) => internSectionsAt(tx, internId, at),
        organizationId,
      );
      const isEditedOnBothSides = (marks?.Conflicts.length ?? 0) > 0;
      if (version !== undefined)
        downloaded.push({ id: row.id, exportedVersion: version, isEditedOnBothSides });
      const merged = mergeRow(row.data, record.sections, paths, organizationId);
      const isClearing = (marks?.Cleared.length ?? 0) > 0;
      if (row.notices.length === 0 && !isEditedOnBothSides && !isClearing && changesNothing(merged))
        unchanged.push({ id: row.id, internId });
    }
    await markDownloaded(tx, downloaded);
    settled += await markUnchanged(tx, unchanged);
  }
  // Thrown in the revealing transaction: nothing of the upload stays.
  if (problems.length > 0) throw new ChangeFileRefusal('content', problems);
  await countUnchanged(tx, deps.outbox, importId, settled);
  return settled;
}
