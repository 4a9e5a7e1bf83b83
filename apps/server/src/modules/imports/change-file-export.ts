import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import { AuditAction, texts, toDateValue, type ChangeFileParts } from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AuditRecorder } from '../../lib/audit.js';
import { streamedWorkbook } from '../../lib/exceljs.js';
import { textCell } from '../../lib/xlsx-text.js';
import type { OrganizationService } from '../organization/organization.service.js';
import {
  addDataSheet,
  addInstructionSheet,
  columnFormat,
  DATE_FORMAT,
  FIRST_DATA_ROW,
} from './change-file-template.js';
import type { ChangeFileExportRepository, ExportedTrainee } from './change-file-export.repository.js';
import { keysSigner } from './change-file-keys.js';
import {
  headerCells,
  keyCells,
  keyColumns,
  KEYS_SHEET_NAME,
  signatureCells,
  type ExportHeader,
  type RowKey,
} from './rows/change-file-keys-sheet.js';
import { changeFileColumns } from './rows/change-file-columns.js';
import { changeFileInstructions } from './rows/change-file-instructions.js';
import { cellOf, fieldOf, rowEntriesOf, type ExportCell } from './rows/change-file-values.js';

/*
 * The pre-filled change file (docs/change-file.md#the-pre-filled-file): the template, filled with an SRO's
 * trainees who are not deleted, one row each, keyed by «Номер в реестре» and by the signed keys of a very
 * hidden sheet. Streamed: a batch of trainees is read while the previous one is written.
 */

/** Trainees read at a time: the batch being written and the one read ahead stay a few megabytes of entries. */
export const BATCH = 250;

/**
 * Rows written between two turns of the event loop. exceljs hands each sheet's bytes to the zip without
 * waiting, and the zip compresses a chunk per turn: written in one go, the file waited in memory (about 30
 * MB) to be compressed at the end. Other requests get their turns too.
 */
const ROWS_PER_TURN = 5;

/**
 * Each column's cell style, one object per column: exceljs works a style out once per object, and a new
 * object per cell took most of its time. Every cell but the key is left unlocked under the sheet's protection.
 */
const columnStyles: Partial<ExcelJS.Style>[] = changeFileColumns.map((column) => {
  const numFmt = columnFormat(column);
  return { ...(numFmt && { numFmt }), protection: { locked: false } };
});
/**
 * A date cell's style in any column. A requisites cell that is a date alone is a date cell, but its column's
 * style has no number format, and exceljs gives such a style object the format of the first cell it styles:
 * after a text («№ 12 от …») that is General, and the column's later dates were bare serial numbers (43921),
 * which Excel shows and the reader reads as free text.
 */
const DATE_STYLE: Partial<ExcelJS.Style> = { numFmt: DATE_FORMAT, protection: { locked: false } };
const KEY_STYLE: Partial<ExcelJS.Style> = { numFmt: '0' };
/** The style of a row, and of a cell of the keys sheet: none, but one object, for the same reason. */
const NO_STYLE: Partial<ExcelJS.Style> = {};

declare module 'exceljs' {
  /**
   * exceljs keeps a row's own style as one object, which it works out for every row it writes; its typings
   * give a row the style's parts but not the object, which the writer shares between rows.
   */
  interface Row {
    style: Partial<ExcelJS.Style>;
  }
}

/** A written cell: a user's text cannot start a formula (xlsx-text.ts). */
const sheetValue = (cell: ExportCell) => (typeof cell === 'string' ? textCell(cell) : cell);

/** Writes one trainee's row; the ids of the entries written, for its key. */
function writeTraineeRow(
  sheet: ExcelJS.Worksheet,
  rowNumber: number,
  trainee: ExportedTrainee,
  organizationId: number,
): RowKey | null {
  const entries = rowEntriesOf(trainee.sections, organizationId);
  if (!entries) return null;
  const row = sheet.getRow(rowNumber);
  row.style = NO_STYLE;
  const key = row.getCell(1);
  key.value = trainee.id;
  key.style = KEY_STYLE;
  changeFileColumns.forEach((column, i) => {
    const value = cellOf(column, fieldOf(entries, column));
    if (value === null) return;
    const cell = row.getCell(i + 2);
    cell.value = sheetValue(value);
    cell.style = value instanceof Date ? DATE_STYLE : columnStyles[i]!;
  });
  row.commit();
  return {
    row: rowNumber,
    internId: trainee.id,
    version: trainee.version,
    entries: {
      PersonalInfo: entries.PersonalInfo.Id,
      Supervisor: entries.Supervisor?.Id ?? null,
      Internship: entries.Internship?.Id ?? null,
      InternshipSteps: entries.InternshipSteps?.Id ?? null,
    },
  };
}

/** Reads the trainees a batch ahead of the writer. */
async function* traineesInBatches(repo: ChangeFileExportRepository, ids: number[]) {
  let next = repo.trainees(ids.slice(0, BATCH));
  for (let start = 0; start < ids.length; start += BATCH) {
    const current = await next;
    next = repo.trainees(ids.slice(start + BATCH, start + 2 * BATCH));
    // If the writer fails first, the batch read ahead must not fail unheard.
    next.catch(() => {});
    yield current;
  }
}

export interface ChangeFileWriting {
  repo: ChangeFileExportRepository;
  ids: number[];
  header: ExportHeader;
  secret: Buffer;
}

/** Writes the pre-filled file into `output`; how many trainee rows it holds. */
export async function writeChangeFile(output: Writable, writing: ChangeFileWriting): Promise<number> {
  const { repo, ids, header, secret } = writing;
  const workbook = await streamedWorkbook(output);
  workbook.creator = 'Реестр стажёров';
  const sheet = addDataSheet(workbook, { keyColumn: true });
  // The key column is locked against a slip of the hand; rows may still be added, deleted and sorted.
  await sheet.protect('', {
    selectLockedCells: true,
    selectUnlockedCells: true,
    formatCells: true,
    formatColumns: true,
    formatRows: true,
    insertRows: true,
    deleteRows: true,
    sort: true,
    autoFilter: true,
  });
  addInstructionSheet(workbook, changeFileInstructions);
  const keysSheet = workbook.addWorksheet(KEYS_SHEET_NAME, { state: 'veryHidden' });
  keysSheet.addRow(headerCells(header));
  keysSheet.addRow([...keyColumns]);
  const signer = keysSigner(secret, header);

  let rowNumber = FIRST_DATA_ROW;
  for await (const batch of traineesInBatches(repo, ids)) {
    for (const trainee of batch) {
      const key = writeTraineeRow(sheet, rowNumber, trainee, header.organizationId);
      if (!key) continue;
      rowNumber++;
      signer.add(key);
      const keyRow = keysSheet.addRow(keyCells(key));
      keyRow.style = NO_STYLE;
      keyRow.eachCell((cell) => (cell.style = NO_STYLE));
      keyRow.commit();
      if (rowNumber % ROWS_PER_TURN === 0) await nextTurn();
    }
  }
  keysSheet.addRow(signatureCells(signer.signature())).commit();
  sheet.commit();
  await workbook.commit();
  return rowNumber - FIRST_DATA_ROW;
}

export interface ChangeFileExportDeps {
  repo: ChangeFileExportRepository;
  organizations: OrganizationService;
  audit: AuditRecorder;
  secret: () => Promise<Buffer>;
  clock: () => Date;
  /** The rows a change file may have (the upload's limit): an SRO with more trainees gets its file in parts. */
  rowsPerPart: number;
}

/** The pre-filled change file of an SRO: whose it may be, its names, and its writer. */
export function createChangeFileExport({
  repo,
  organizations,
  audit,
  secret,
  clock,
  rowsPerPart,
}: ChangeFileExportDeps) {
  /** The SRO a caller may export: a representative's own, an operator's choice. */
  async function organizationOf(requested: number | undefined, actor: Actor) {
    const own = actor.organization;
    if (own) {
      if (requested !== undefined && requested !== own.id) throw new AppError(403, texts.forbidden);
      return { id: own.id, name: own.name };
    }
    if (requested === undefined) throw new AppError(400, texts.changeFileOrganizationRequired);
    const organization = await organizations.find(requested);
    if (!organization) throw new AppError(404, texts.organizationNotFound);
    return { id: organization.Id, name: organization.Name };
  }

  const partsOf = (trainees: number): ChangeFileParts => ({
    Trainees: trainees,
    RowsPerPart: rowsPerPart,
    Parts: Math.max(1, Math.ceil(trainees / rowsPerPart)),
  });

  return {
    /** How the SRO's file is split: every part uploads back within the row limit. */
    async parts(requested: number | undefined, actor: Actor): Promise<ChangeFileParts> {
      const organization = await organizationOf(requested, actor);
      return partsOf(await repo.traineeCount(organization.id));
    },

    /**
     * Checks who asks and reads the trainees' ids before the answer starts, so that a refusal is an error
     * answer and not a broken download; the journal notes the export with its number of trainees. `part`
     * (from 1) is the slice of the SRO's trainees, in the list's order, that one file holds.
     */
    async prepare(requested: number | undefined, part: number, actor: Actor) {
      const organization = await organizationOf(requested, actor);
      const all = await repo.traineeIds(organization.id);
      const { Parts: parts } = partsOf(all.length);
      if (part > parts) throw new AppError(400, texts.changeFilePartMissing(part, parts));
      const ids = all.slice((part - 1) * rowsPerPart, part * rowsPerPart);
      const now = clock();
      const header: ExportHeader = {
        exportId: randomUUID(),
        organizationId: organization.id,
        exportedAt: now.toISOString(),
      };
      await audit.record(null, actor, {
        action: AuditAction.ChangeFileExported,
        organizationId: organization.id,
        detail: {
          Rows: ids.length,
          ExportId: header.exportId,
          ...(parts > 1 && { Part: part, Parts: parts }),
        },
      });
      const day = toDateValue(now);
      const key = await secret();
      // An SRO's name may hold what no file name may: a slash, quotes, a colon.
      const fileSafeName = organization.name.replace(/[\\/:*?"<>|]+/g, ' ').trim();
      const ofParts = parts > 1 ? [` часть ${part} из ${parts}`, `-part-${part}-of-${parts}`] : ['', ''];
      return {
        name: `Файл для изменений ${fileSafeName} ${day}${ofParts[0]}.xlsx`,
        asciiName: `change-file-${organization.id}-${day}${ofParts[1]}.xlsx`,
        write: (output: Writable) =>
          writeChangeFile(output, { repo, ids, header, secret: key }).then(() => {}),
      };
    },
  };
}
export type ChangeFileExport = ReturnType<typeof createChangeFileExport>;
