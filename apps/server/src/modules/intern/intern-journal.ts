import { AuditAction } from '@registry/shared';
import type { Db } from '../../db/client.js';
import type { Actor, AuditRecorder } from '../../lib/audit.js';
import type { InternCardRepository } from './card/intern-card.repository.js';
import { saveIn, type SaveRequest } from './card/intern-save.js';
import { undoImportRowIn, type UndoOutcome, type UndoRequest } from './card/intern-undo.js';

/**
 * Journals a change of the register in its transaction, by the change protocol it wrote (the history keeps
 * the data). A change without an actor (the demo seed) or that wrote nothing is not journalled.
 */
async function journalChange(
  audit: AuditRecorder,
  tx: Db,
  request: { internId: number; actor?: Actor | undefined; source?: SaveRequest['source'] },
  action: AuditAction,
  protocolId: number | null,
) {
  if (!request.actor || protocolId === null) return;
  const { source } = request;
  await audit.record(tx, request.actor, {
    action,
    object: { kind: 'intern', id: request.internId },
    organizationId: source?.organizationId ?? null,
    detail: source
      ? { ProtocolId: protocolId, ImportId: source.importId, ChangeId: source.changeId }
      : { ProtocolId: protocolId },
  });
}

/** What the trainees' card does that the audit journal notes: saves, undos, deletions and who looked. */
export function internJournal(repo: InternCardRepository, audit: AuditRecorder) {
  return {
    /** A save in the caller's transaction, journalled as a card save or as an accepted import row. */
    async saveIn(tx: Db, request: SaveRequest, options: { allowUnchanged?: boolean } = {}) {
      const saved = await saveIn(tx, repo, request, options);
      const action = request.source ? AuditAction.RowAccepted : AuditAction.CardSaved;
      await journalChange(audit, tx, { ...request, internId: saved.internId }, action, saved.protocolId);
      return saved;
    },

    /** An accepted row's undo in the caller's transaction (intern-undo.ts), journalled by its protocol. */
    async undoImportRowIn(tx: Db, request: UndoRequest): Promise<UndoOutcome> {
      const outcome = await undoImportRowIn(tx, repo, request);
      await journalChange(audit, tx, request, AuditAction.RowUndone, outcome.protocolId);
      return outcome;
    },

    /** A trainee deleted or restored, in its transaction; the demo seed (no actor) is not journalled. */
    async setDeleted(tx: Db, actor: Actor | undefined, id: number, isDeleted: boolean) {
      if (!actor) return;
      await audit.record(tx, actor, {
        action: isDeleted ? AuditAction.InternDeleted : AuditAction.InternRestored,
        object: { kind: 'intern', id },
      });
    },

    /** The operator's card opened, now or as of a day. */
    async opened(actor: Actor, id: number, asOf: string | null | undefined) {
      await audit.record(null, actor, {
        action: AuditAction.CardOpened,
        object: { kind: 'intern', id },
        ...(asOf ? { detail: { AsOf: asOf } } : {}),
      });
    },
  };
}
