import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditEvents, changeProtocols, organizations } from '../../db/schema/index.js';
import { sqlRows } from '../../lib/sql-rows.js';

export type AuditValues = typeof auditEvents.$inferInsert;

/** What the journal's list and export filter by; the period as moments, the end excluded. */
export interface AuditRowFilter {
  accountId?: number | undefined;
  action?: number | undefined;
  organizationId?: number | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
  /** The last event shown: the next page starts after it. */
  before?: { at: Date; id: number } | undefined;
}

// Any number no other advisory lock of the app uses: one process purges at a time.
const PURGE_LOCK = 7_020_242;

/** The journal's table: appended to, read newest first, and purged past its retention. */
export function createAuditRepository(db: Db) {
  return {
    async insert(tx: Db, values: AuditValues): Promise<void> {
      await tx.insert(auditEvents).values(values);
    },

    /**
     * A page of events newest first, by (time, id) from the cursor, through the index its filter names. A
     * register change's protocol is read from the history by the id the event keeps.
     */
    page(filter: AuditRowFilter, limit: number) {
      const conditions: (SQL | undefined)[] = [
        filter.accountId === undefined ? undefined : eq(auditEvents.accountId, filter.accountId),
        filter.action === undefined ? undefined : eq(auditEvents.action, filter.action),
        filter.organizationId === undefined
          ? undefined
          : eq(auditEvents.organizationId, filter.organizationId),
        filter.since ? gte(auditEvents.at, filter.since) : undefined,
        filter.until ? lt(auditEvents.at, filter.until) : undefined,
        filter.before
          ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${filter.before.at.toISOString()}::timestamptz, ${filter.before.id}::bigint)`
          : undefined,
      ];
      return db
        .select({
          event: auditEvents,
          organizationName: organizations.name,
          protocol: { id: changeProtocols.id, number: changeProtocols.number, date: changeProtocols.date },
        })
        .from(auditEvents)
        .leftJoin(organizations, eq(organizations.id, auditEvents.organizationId))
        .leftJoin(changeProtocols, eq(changeProtocols.id, sql`(${auditEvents.detail}->>'ProtocolId')::int`))
        .where(and(...conditions))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit);
    },

    /**
     * Deletes up to `batch` of the oldest events before `cutoff`, in a transaction that the journal's trigger
     * lets delete (migration `audit-events-append-only`); answers how many, or null when another process holds
     * the purge.
     */
    purgeBatch(cutoff: Date, batch: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [lock] = await sqlRows<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as locked`,
        );
        if (!lock?.locked) return null;
        await tx.execute(sql`select set_config('registry.audit_purge', 'on', true)`);
        const [deleted] = await sqlRows<{ count: number }>(
          tx,
          sql`with deleted as (
                delete from audit_events where id in (
                  select id from audit_events where at < ${cutoff.toISOString()}::timestamptz order by at limit ${batch}
                ) returning 1
              ) select count(*)::int as count from deleted`,
        );
        return deleted?.count ?? 0;
      });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
