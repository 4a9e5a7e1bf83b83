import type { Writable } from 'node:stream';
import {
  AUDIT_PAGE_SIZE,
  AuditAction,
  AuditRole,
  auditCursor,
  type AuditDetail,
  type AuditEvent,
  type AuditFilter,
  type AuditObjectKind,
  type AuditPage,
} from '@registry/shared';
import type { Db } from '../../db/client.js';
import type { Actor, AuditRecorder } from '../../lib/audit.js';
import type { AuditRepository, AuditRowFilter } from './audit.repository.js';
import { writeAuditExport } from './audit-export.js';

const DAY_MS = 86_400_000;
/** Events deleted in one statement of the purge: a day's worth of a busy registry, a moment's lock. */
const PURGE_BATCH = 5_000;
/** Events read at once by the export. */
const EXPORT_BATCH = 1_000;

type PageRow = Awaited<ReturnType<AuditRepository['page']>>[number];

function toEvent({ event, organizationName, protocol }: PageRow): AuditEvent {
  return {
    Id: event.id,
    At: event.at.toISOString(),
    Account:
      event.accountId === null
        ? null
        : { Id: event.accountId, FullName: event.accountName ?? '', Login: event.accountLogin ?? '' },
    Role: event.role as AuditRole | null,
    Organization:
      event.organizationId !== null && organizationName !== null
        ? { Id: event.organizationId, Name: organizationName }
        : null,
    Action: event.action as AuditAction,
    Object:
      event.objectKind !== null && event.objectId !== null
        ? { Kind: event.objectKind as AuditObjectKind, Id: event.objectId }
        : null,
    Protocol: protocol ? { Id: protocol.id, Number: protocol.number, Date: protocol.date } : null,
    Address: event.address,
    Detail: event.detail as AuditDetail,
  };
}

/** The filter as the table is read: the period's Moscow days as moments, the end excluded. */
function toRowFilter(filter: AuditFilter): AuditRowFilter {
  return {
    accountId: filter.account,
    action: filter.action,
    organizationId: filter.org,
    since: filter.from ? new Date(`${filter.from}T00:00:00+03:00`) : undefined,
    until: filter.to ? new Date(new Date(`${filter.to}T00:00:00+03:00`).getTime() + DAY_MS) : undefined,
  };
}

/** The filter as an export's entry notes it: what was asked for, as it was asked. */
function queryOf(filter: AuditFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filter)) if (value) query[name] = String(value);
  return query;
}

/**
 * The audit journal: records what other modules hand it (`AuditRecorder`), lists it for operators, exports
 * it, and forgets what is older than `retentionDays` (0: never).
 */
export function createAuditService(
  db: Db,
  repo: AuditRepository,
  options: { retentionDays: number; clock?: () => Date },
) {
  const clock = options.clock ?? (() => new Date());

  const record: AuditRecorder['record'] = async (tx, actor, entry) => {
    await repo.insert(tx ?? db, {
      accountId: actor?.id ?? null,
      accountName: actor?.fullName ?? null,
      accountLogin: actor?.emailAddress ?? entry.detail?.Login?.slice(0, 200) ?? null,
      role: actor ? (actor.organization ? AuditRole.Representative : AuditRole.Operator) : null,
      organizationId:
        entry.organizationId !== undefined ? entry.organizationId : (actor?.organization?.id ?? null),
      action: entry.action,
      objectKind: entry.object?.kind ?? null,
      objectId: entry.object?.id ?? null,
      address: actor?.address ?? entry.address ?? null,
      detail: entry.detail ?? {},
    });
  };

  const readPage = async (filter: AuditRowFilter, limit: number) =>
    (await repo.page(filter, limit)).map(toEvent);

  return {
    record,

    /** A page of the journal, newest first, after the event the cursor names; `Next` reads the following. */
    async list(query: AuditFilter & { before?: { at: Date; id: number } | undefined }): Promise<AuditPage> {
      const events = await readPage({ ...toRowFilter(query), before: query.before }, AUDIT_PAGE_SIZE + 1);
      const results = events.slice(0, AUDIT_PAGE_SIZE);
      const last = results[results.length - 1];
      return { Results: results, Next: events.length > AUDIT_PAGE_SIZE && last ? auditCursor(last) : null };
    },

    /**
     * Notes the export in the journal itself, reads its first events (so that a failing query is an error
     * the client can read), and gives the writer of the .xlsx, which reads the rest as it writes.
     */
    async prepareExport(filter: AuditFilter, actor: Actor) {
      await record(null, actor, { action: AuditAction.JournalExported, detail: { Query: queryOf(filter) } });
      const rowFilter = toRowFilter(filter);
      const first = await readPage(rowFilter, EXPORT_BATCH);
      async function* batches(): AsyncGenerator<AuditEvent[]> {
        let batch = first;
        while (batch.length > 0) {
          yield batch;
          const last = batch[batch.length - 1]!;
          if (batch.length < EXPORT_BATCH) return;
          batch = await readPage(
            { ...rowFilter, before: { at: new Date(last.At), id: last.Id } },
            EXPORT_BATCH,
          );
        }
      }
      return (output: Writable) => writeAuditExport(batches(), output);
    },

    /**
     * Deletes the events older than the retention, a batch at a time so that no statement holds the table
     * long; answers how many. Another process purging at the same moment makes this one stop, not wait.
     */
    async purge(now: Date = clock()): Promise<number> {
      if (options.retentionDays === 0) return 0;
      const cutoff = new Date(now.getTime() - options.retentionDays * DAY_MS);
      let total = 0;
      for (;;) {
        const deleted = await repo.purgeBatch(cutoff, PURGE_BATCH);
        if (deleted === null) return total;
        total += deleted;
        if (deleted < PURGE_BATCH) return total;
        // On PGlite the requests that came meanwhile run between the batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
