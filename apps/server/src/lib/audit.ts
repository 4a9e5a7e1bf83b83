import type { AuditAction, AuditDetail, AuditObjectKind } from '@registry/shared';
import type { Db } from '../db/client.js';
import type { CurrentAccount } from './session.js';

/*
 * What the other modules know of the audit journal (modules/audit): whom to name and what to say. They get
 * the recorder from the composition root (api.ts) and call it inside the transaction of the action recorded.
 */

/** Who acted: the account as the session knows it, with the client's address (set by the access plugin). */
export type Actor = Pick<CurrentAccount, 'id' | 'fullName' | 'emailAddress' | 'organization'> & {
  address?: string | null;
};

/** One journal entry, beside its actor. */
export interface AuditEntry {
  action: AuditAction;
  object?: { kind: AuditObjectKind; id: number };
  /** The SRO the action concerns; by default a representative's own SRO, and none for an operator. */
  organizationId?: number | null;
  detail?: AuditDetail;
  /** The client's address where no actor carries it (a failed sign-in on an unknown login). */
  address?: string;
}

/** Writes the journal, in `tx` when the action has a transaction (the entry then commits or not with it). */
export interface AuditRecorder {
  record(tx: Db | null, actor: Actor | null, entry: AuditEntry): Promise<void>;
}

/** For what acts as nobody (the start's first-operator check, the demo seed): there is nothing to journal. */
export const noJournal: AuditRecorder = { record: async () => {} };
