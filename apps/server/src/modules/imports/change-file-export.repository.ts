import { sql } from 'drizzle-orm';
import type { InternSections } from '@registry/shared';
import type { Db } from '../../db/client.js';
import { internEntries, interns, internshipFacts } from '../../db/schema/index.js';
import { sqlRows } from '../../lib/sql-rows.js';

/*
 * What the pre-filled change file is written from: an SRO's trainees who are not deleted, in the list's order,
 * and their current entries of the four sections a row reports, read a batch of trainees at a time.
 */

/** The sections a change-file row reports, as the card keeps them. */
export type RowSectionKey = 'PersonalInfo' | 'Supervisors' | 'Internships' | 'InternshipSteps';
export type TraineeSections = Pick<InternSections, RowSectionKey>;

/** A trainee as the export reads them. */
export interface ExportedTrainee {
  id: number;
  version: number;
  isDeleted: boolean;
  sections: TraineeSections;
}

const rowSections: RowSectionKey[] = ['PersonalInfo', 'Supervisors', 'Internships', 'InternshipSteps'];

/** A trainee the SRO's file holds: not deleted, with an internship in the SRO. */
const ofOrganization = (organizationId: number) =>
  sql`not ${interns.isDeleted} and exists (select 1 from ${internshipFacts}
    where ${internshipFacts.internId} = ${interns.id} and ${internshipFacts.organizationId} = ${organizationId})`;

export function createChangeFileExportRepository(db: Db) {
  return {
    /**
     * The SRO's trainees who are not deleted, by name as the list orders them: ids only, so that ten thousand
     * trainees are a few hundred kilobytes; their entries are read a batch at a time.
     */
    async traineeIds(organizationId: number): Promise<number[]> {
      const rows = await sqlRows<{ id: number }>(
        db,
        sql`select ${interns.id} as id from ${interns} where ${ofOrganization(organizationId)}
          order by ${interns.searchKey} collate "C", ${interns.id}`,
      );
      return rows.map((row) => row.id);
    },

    /** How many trainees the SRO's file holds, to split it into parts before any is written. */
    async traineeCount(organizationId: number): Promise<number> {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${interns} where ${ofOrganization(organizationId)}`,
      );
      return row?.n ?? 0;
    },

    /** The trainees of `ids` the register has, in that order, with their current entries of the four sections. */
    async trainees(ids: number[]): Promise<ExportedTrainee[]> {
      if (ids.length === 0) return [];
      // One array parameter rather than a thousand: less for Drizzle to build and for the server to parse.
      const idList = sql`${sql.param(ids)}::int[]`;
      const [versions, entries] = await Promise.all([
        sqlRows<{ id: number; version: number; isDeleted: boolean }>(
          db,
          sql`select ${interns.id} as id, ${interns.version} as version, ${interns.isDeleted} as "isDeleted"
            from ${interns}
            where ${interns.id} = any(${idList})`,
        ),
        sqlRows<{ id: number; internId: number; section: RowSectionKey; position: number; data: object }>(
          db,
          sql`select ${internEntries.id} as id, ${internEntries.internId} as "internId",
              ${internEntries.section} as section, ${internEntries.position} as position,
              ${internEntries.data} as data
            from ${internEntries}
            where ${internEntries.internId} = any(${idList}) and not ${internEntries.isRemoved}
              and ${internEntries.section} in (${sql.join(
                rowSections.map((section) => sql`${section}`),
                sql`, `,
              )})
            order by ${internEntries.internId}, ${internEntries.section}, ${internEntries.position}`,
        ),
      ]);
      const byId = new Map<number, ExportedTrainee>();
      for (const { id, version, isDeleted } of versions) {
        byId.set(id, {
          id,
          version,
          isDeleted,
          sections: { PersonalInfo: [], Supervisors: [], Internships: [], InternshipSteps: [] },
        });
      }
      for (const entry of entries) {
        const list: object[] | undefined = byId.get(entry.internId)?.sections[entry.section];
        // The driver parsed a new object for each entry: it takes its identity in place rather than a copy.
        list?.push(Object.assign(entry.data, { Id: entry.id, Entry_Id: entry.position }));
      }
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
export type ChangeFileExportRepository = ReturnType<typeof createChangeFileExportRepository>;
