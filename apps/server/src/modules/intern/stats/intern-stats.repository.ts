import { InternshipStatus } from '@registry/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { interns, internshipFacts, internshipPauses } from '../../../db/schema/index.js';
import { sqlRows } from '../../../lib/sql-rows.js';

/** A period (both days included) and, optionally, one SRO. */
export interface StatsPeriod {
  from: string;
  to: string;
  organizationId: number | null;
}

/** One figure per SRO: the SRO's id and its count. */
type Counted = { organizationId: number; n: number }[];

/**
 * Not a deleted trainee's. Asked of the few deleted trainees (their partial index) rather than joined with
 * every trainee: the join read the whole table, 130–160 ms a figure at 1M (docs/benchmarks.md).
 */
const live = (internId: SQL) =>
  sql`not exists (select 1 from ${interns} where ${interns.id} = ${internId} and ${interns.isDeleted})`;

/**
 * The register's figures of a period by SRO (docs/statistics.md), each one query over its own index; a deleted
 * trainee counts nowhere.
 */
export function createInternStatsRepository(db: Db) {
  const count = (query: SQL) =>
    sqlRows<{ organization_id: number; n: number }>(db, query).then((rows): Counted =>
      rows.map((row) => ({ organizationId: row.organization_id, n: Number(row.n) })),
    );
  const ofOrganization = (column: SQL | typeof internshipFacts.organizationId, period: StatsPeriod) =>
    period.organizationId === null ? sql`true` : sql`${column} = ${period.organizationId}`;

  return {
    /** Internships begun in the period. */
    accepted: (period: StatsPeriod) =>
      count(sql`select f.organization_id, count(*) as n
        from ${internshipFacts} f
        where f.started_at between ${period.from} and ${period.to} and ${live(sql`f.intern_id`)}
          and ${ofOrganization(sql`f.organization_id`, period)}
        group by f.organization_id`),

    /** Pauses begun in the period. */
    paused: (period: StatsPeriod) =>
      count(sql`select p.organization_id, count(*) as n
        from ${internshipPauses} p
        where p.paused_at between ${period.from} and ${period.to} and ${live(sql`p.intern_id`)}
          and ${ofOrganization(sql`p.organization_id`, period)}
        group by p.organization_id`),

    /** Internships of the status whose (latest) end date falls in the period. */
    ended: (period: StatsPeriod, status: number) =>
      count(sql`select f.organization_id, count(*) as n
        from ${internshipFacts} f
        where f.ended_at between ${period.from} and ${period.to} and f.status = ${status}
          and ${live(sql`f.intern_id`)}
          and ${ofOrganization(sql`f.organization_id`, period)}
        group by f.organization_id`),

    /**
     * Trainees who left an SRO: their next internship after one there, by start date, begun in the period in
     * another SRO; counted once per SRO left. Only trainees with internships in more than one SRO can have.
     */
    migrated: (period: StatsPeriod) =>
      count(sql`select previous.organization_id, count(distinct f.intern_id) as n
        from ${internshipFacts} f
        join ${interns} on ${interns.id} = f.intern_id and not ${interns.isDeleted} and ${interns.organizationCount} > 1
        cross join lateral (
          select before.organization_id from ${internshipFacts} before
          where before.intern_id = f.intern_id
            and (before.started_at, before.entry_id) < (f.started_at, f.entry_id)
          order by before.started_at desc, before.entry_id desc limit 1) previous
        where f.started_at between ${period.from} and ${period.to}
          and previous.organization_id <> f.organization_id
          and ${ofOrganization(sql`previous.organization_id`, period)}
        group by previous.organization_id`),
  };
}

export const endedStatuses = {
  Terminated: InternshipStatus.Terminated,
  Completed: InternshipStatus.Completed,
};

export type InternStatsRepository = ReturnType<typeof createInternStatsRepository>;
