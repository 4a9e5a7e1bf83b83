import type { Import, ImportListItem } from '@registry/shared';

/** An SRO representative's import being processed, as the list shows it: 4 of 10 rows left, 2 rejected. */
export const listItem: ImportListItem = {
  Id: 41,
  Organization: { Id: 3, Name: 'СРО «Кадастр»' },
  ImportedBy: { Id: 9, FullName: 'Петрова А. С.', Organization: { Id: 3, Name: 'СРО «Кадастр»' } },
  ImportedAt: '2026-11-20T09:00:00Z',
  FileName: 'changes.xlsx',
  File: { Id: 100, Name: 'changes.xlsx', Size: 5120, NominalExtension: 'xlsx', Extension: 'xlsx' },
  Status: 1,
  RowCount: 10,
  PendingCount: 4,
  RejectedCount: 2,
  UnchangedCount: 0,
  Requisites: { Number: '345-вх', Date: '2026-11-21' },
  OrganizationRequisites: { Number: '15-и', Date: '2026-11-20' },
  ExpiresInDays: 1,
  DeadlineAt: '2026-11-23T20:59:59Z',
};

/** The same import as its page reads it, with `changes` in place of the defaults. */
export function importOf(changes: Partial<Import> = {}): Import {
  return {
    ...listItem,
    Pending: [],
    Finished: [],
    Rejected: [],
    StateCounts: { pending: 4, claimed: 0, conflicting: 0, finished: 4, rejected: 2, unchanged: 0 },
    MatchCounts: { snils: 0, fullName: 0, none: 4, conflict: 0 },
    FirstPendingId: null,
    Rejection: null,
    Protocol: null,
    ProtocolSignature: null,
    Letter: null,
    LetterSignature: null,
    Notices: [],
    Mails: [],
    ...changes,
  };
}
