import {
  formatDate,
  formatDateTime,
  isUndoBasis,
  rowReturnTexts,
  texts,
  type InternSectionKey,
} from '@registry/shared';
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { changeProtocols, internEntries, internEntryVersions } from '../../../db/schema/index.js';
import { AppError } from '../../../lib/app-error.js';
import type { InternCardRepository } from './intern-card.repository.js';
import { claimRegisterKeys } from './intern-register-keys.js';
import { saveIn, type SaveRequest } from './intern-save.js';
import { storedSections, type StoredEntry } from './intern-sections.js';

/*
 * Undoing an accepted import row ('Отменить внесение', docs/row-review.md «Возврат и отмена»): the versions
 * the accept wrote are reverted by new ones, history staying append-only, through the card's own save.
 */

/** The undo of one row's accept into one trainee, on the undo's own basis document. */
export interface UndoRequest {
  internId: number;
  importChangeId: number;
  protocol: SaveRequest['protocol'];
  source: NonNullable<SaveRequest['source']>;
  operatorId: number;
  actor?: SaveRequest['actor'];
}

/**
 * What the undo did: nothing (the accept changed nothing), versions restored, or the new trainee deleted; and
 * the change protocol it wrote, if any.
 */
export type UndoOutcome = { kind: 'unchanged' | 'restored' | 'deleted'; protocolId: number | null };

/** The protocols of a trainee other than one, before or after it: the first found, or null. */
async function protocolBeside(tx: Db, internId: number, protocolId: number, side: 'before' | 'after') {
  const [row] = await tx
    .select({
      number: changeProtocols.number,
      date: changeProtocols.date,
      createdAt: changeProtocols.createdAt,
    })
    .from(changeProtocols)
    .where(
      and(
        eq(changeProtocols.internId, internId),
        side === 'after' ? gt(changeProtocols.id, protocolId) : lt(changeProtocols.id, protocolId),
      ),
    )
    .orderBy(asc(changeProtocols.id))
    .limit(1);
  return row ?? null;
}

/**
 * The protocol the row's latest accept wrote into the trainee: the row's latest protocol, unless that is an
 * undo's (the latest accept then changed nothing).
 */
async function acceptProtocolOf(tx: Db, request: UndoRequest) {
  const [row] = await tx
    .select({ id: changeProtocols.id, number: changeProtocols.number })
    .from(changeProtocols)
    .where(
      and(
        eq(changeProtocols.importChangeId, request.importChangeId),
        eq(changeProtocols.internId, request.internId),
      ),
    )
    .orderBy(desc(changeProtocols.id))
    .limit(1);
  return row && !isUndoBasis(row.number) ? row.id : null;
}

/** The versions written under a protocol, in order, with their entries' sections and places. */
function versionsUnder(tx: Db, protocolId: number) {
  return tx
    .select({
      entryId: internEntryVersions.entryId,
      kind: internEntryVersions.kind,
      previousData: internEntryVersions.previousData,
      section: internEntries.section,
      position: internEntries.position,
    })
    .from(internEntryVersions)
    .innerJoin(internEntries, eq(internEntries.id, internEntryVersions.entryId))
    .where(eq(internEntryVersions.protocolId, protocolId))
    .orderBy(asc(internEntryVersions.id));
}

type VersionRow = Awaited<ReturnType<typeof versionsUnder>>[number];

/**
 * The sections the versions touched, as they were before them: an entry they created is left out, one they
 * changed gets its previous data, one they removed comes back as a new entry with its data (a removed entry
 * is never revived in place: its removal stays in its history).
 */
async function sectionsBefore(tx: Db, repo: InternCardRepository, internId: number, versions: VersionRow[]) {
  const touched = [...new Set(versions.map((version) => version.section))] as InternSectionKey[];
  const current = await repo.currentEntries(tx, internId, touched);
  const sections: Partial<Record<InternSectionKey, StoredEntry[]>> = {};
  let added = 0;
  for (const section of touched) {
    let entries: StoredEntry[] = current
      .filter((row) => row.section === section)
      .map((row) => ({ ...row.data, Id: row.id, Entry_Id: row.position }));
    for (const version of versions.filter((item) => item.section === section)) {
      const previous = version.previousData ?? {};
      if (version.kind === 'initial') {
        entries = entries.filter((entry) => entry.Id !== version.entryId);
      } else if (version.kind === 'removal') {
        entries.splice(version.position - 1, 0, { ...previous, Id: -++added, Entry_Id: 0 });
      } else {
        entries = entries.map((entry) =>
          entry.Id === version.entryId ? { ...previous, Id: entry.Id, Entry_Id: entry.Entry_Id } : entry,
        );
      }
    }
    sections[section] = entries;
  }
  return storedSections(sections);
}

/**
 * Undoes, inside the caller's transaction, what a row's accept wrote into a trainee: only while the trainee
 * has no later change (else 409 naming it). A trainee the accept created is deleted from the register (its
 * SNILS and numbers freed), since none of it was there before; else every version the accept wrote gets a new
 * version restoring the data before it, saved as a card save (projection, facts and status recomputed).
 */
export async function undoImportRowIn(
  tx: Db,
  repo: InternCardRepository,
  request: UndoRequest,
): Promise<UndoOutcome> {
  const acceptId = await acceptProtocolOf(tx, request);
  if (acceptId === null) return { kind: 'unchanged', protocolId: null };
  const locked = await repo.lock(tx, request.internId);
  if (!locked) throw new AppError(404, texts.internNotFound);
  if (locked.isDeleted) throw new AppError(409, rowReturnTexts.internDeleted);
  const later = await protocolBeside(tx, request.internId, acceptId, 'after');
  if (later) {
    const changedAt = formatDateTime(later.createdAt);
    throw new AppError(409, rowReturnTexts.changedSince(later.number, formatDate(later.date), changedAt));
  }
  if (!(await protocolBeside(tx, request.internId, acceptId, 'before'))) {
    await claimRegisterKeys(tx, repo, { id: request.internId, snils: null }, (savepoint) =>
      repo.setDeleted(savepoint, request.internId, true),
    );
    const protocolId = await repo.insertProtocol(tx, {
      internId: request.internId,
      importId: request.source.importId,
      importChangeId: request.source.changeId,
      organizationId: request.source.organizationId,
      number: request.protocol.number,
      date: request.protocol.date,
      outgoingNumber: request.protocol.outgoingNumber,
      outgoingDate: request.protocol.outgoingDate,
      isCorrection: false,
      operatorId: request.operatorId,
    });
    return { kind: 'deleted', protocolId };
  }
  const sections = await sectionsBefore(tx, repo, request.internId, await versionsUnder(tx, acceptId));
  const saved = await saveIn(
    tx,
    repo,
    { ...request, version: locked.version, isCorrecting: false, sections },
    { allowUnchanged: true },
  );
  return { kind: saved.modified.length > 0 ? 'restored' : 'unchanged', protocolId: saved.protocolId };
}
