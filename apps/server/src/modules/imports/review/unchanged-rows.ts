import { ChangeStatus, ImportStatus } from '@registry/shared';
import { and, asc, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sqlRows } from '../../../lib/sql-rows.js';
import { importChanges, imports } from '../../../db/schema/index.js';
import type { Outbox } from '../../../mail/outbox.js';
import { internsSectionsAt } from '../../intern/intern.service.js';
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
import { mergeRow, type MergedRow, type RecordSections, type RowSections } from './merge.js';
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

/** Rows of the file read at a time: a range of row numbers, so a file with gaps reads fewer. */
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

/** The import's rows still waiting. */
const waitingIn = (importId: number) =>
  and(eq(importChanges.importId, importId), eq(importChanges.status, ChangeStatus.Pending));

/**
 * The waiting rows with numbers in (`from`, `from` + BATCH] that a pre-filled file keyed by «Номер в реестре»:
 * a range of the file's rows, which the import's index finds without reading the rest. The key is looked for
 * in the row's JSON text, which is never parsed in the database: an ordinary file's rows cost nothing.
 */
function keyedWaitingRows(tx: Db, importId: number, from: number) {
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
        waitingIn(importId),
        gt(importChanges.rowNumber, from),
        lte(importChanges.rowNumber, from + BATCH),
        sql`${importChanges.data} like '%"RegisterId":%'`,
      ),
    )
    .orderBy(asc(importChanges.rowNumber), asc(importChanges.id));
}

/** The number of the import's last waiting row, or 0. */
async function lastWaitingRow(tx: Db, importId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(importChanges.rowNumber) })
    .from(importChanges)
    .where(waitingIn(importId));
  return row?.last ?? 0;
}

/**
 * Rows of values as one parameter, a table to join in an update: a thousand rows' values cost one JSON text
 * rather than a thousand parameters and a `case` the database reads through for each row.
 */
const valuesTable = (rows: object[], columns: string) =>
  sql`json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(columns)})`;

/** What settling found of a keyed row: its trainee's version at the download, a conflict, no change. */
interface SettledRow {
  id: number;
  internId: number;
  /** None when the file's keys are missing or do not verify. */
  exportedVersion: number | null;
  isEditedOnBothSides: boolean;
  isUnchanged: boolean;
}

/**
 * Writes what settling found, in one statement for the batch: each row's version at the download and whether
 * it conflicts; an unchanged row, still waiting and unclaimed, becomes «Без изменений» naming its trainee.
 * How many did.
 */
async function markSettled(tx: Db, rows: SettledRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const becomesUnchanged = sql`x."isUnchanged" and ${importChanges.status} = ${ChangeStatus.Pending}
    and ${importChanges.claimedById} is null`;
  const updated = await sqlRows<{ status: number }>(
    tx,
    sql`update ${importChanges}
      set exported_version = x."exportedVersion", is_edited_on_both_sides = x."isEditedOnBothSides",
        status = case when ${becomesUnchanged} then ${ChangeStatus.Unchanged} else ${importChanges.status} end,
        intern_id = case when ${becomesUnchanged} then x."internId" else ${importChanges.internId} end
      from ${valuesTable(
        rows,
        'id int, "internId" int, "exportedVersion" int, "isEditedOnBothSides" boolean, "isUnchanged" boolean',
      )}
      where ${importChanges.id} = x.id
      returning ${importChanges.status} as status`,
  );
  return updated.filter((row) => row.status === ChangeStatus.Unchanged).length;
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

/**
 * The sections at the download of the batch's trainees saved since (their version moved), rebuilt from their
 * history together: the others' are their sections now.
 */
async function sectionsAtDownload(
  tx: Db,
  download: ExportVersions | null,
  rows: { data: RowSections }[],
  records: Map<number, { version: number }>,
) {
  if (!download) return new Map<number, RecordSections>();
  const moved = rows.flatMap(({ data }) => {
    const [id, version] = [data.RegisterId!, download.versions.get(data.RegisterId!)];
    const record = records.get(id);
    return record && version !== undefined && version !== record.version ? [id] : [];
  });
  if (moved.length === 0) return new Map<number, RecordSections>();
  return internsSectionsAt(tx, [...new Set(moved)], download.exportedAt);
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
  const last = await lastWaitingRow(tx, importId);
  for (let from = 0; from < last; from += BATCH) {
    const batch = await keyedWaitingRows(tx, importId, from);
    if (batch.length === 0) continue;
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
    const then = await sectionsAtDownload(tx, download, rows, records);
    const settledRows: SettledRow[] = [];
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
        async () => then.get(internId)!,
        organizationId,
      );
      const isEditedOnBothSides = (marks?.Conflicts.length ?? 0) > 0;
      const merged = mergeRow(row.data, record.sections, paths, organizationId);
      const isClearing = (marks?.Cleared.length ?? 0) > 0;
      const isUnchanged =
        row.notices.length === 0 && !isEditedOnBothSides && !isClearing && changesNothing(merged);
      if (version !== undefined || isUnchanged)
        settledRows.push({
          id: row.id,
          internId,
          exportedVersion: version ?? null,
          isEditedOnBothSides,
          isUnchanged,
        });
    }
    settled += await markSettled(tx, settledRows);
  }
  // Thrown in the revealing transaction: nothing of the upload stays.
  if (problems.length > 0) throw new ChangeFileRefusal('content', problems);
  await countUnchanged(tx, deps.outbox, importId, settled);
  return settled;
}
