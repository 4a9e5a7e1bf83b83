import { InternshipStatus } from '@registry/shared';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { sqlRows } from '../../../lib/sql-rows.js';
import {
  internEntries,
  interns,
  internshipFacts,
  internshipNumbers,
  organizations,
} from '../../../db/schema/index.js';

/** What an uploaded row says of its trainee, to find them in the register by. */
export interface MatchKeys {
  /** The SNILS's 11 digits. */
  snils: string | null;
  /** 'Фамилия Имя Отчество' as the card writes it. */
  fullName: string;
  dateOfBirth: string | null;
  /** The import's SRO and the row's internship number in it. */
  organizationId: number;
  registryNumber: string | null;
}

/** A trainee who shares something with a row, and what. */
export interface MatchRow {
  id: number;
  fullName: string;
  status: number;
  version: number;
  bySnils: boolean;
  byFullName: boolean;
  sameBirthDate: boolean;
  byRegistryNumber: boolean;
}

/** How many trainees each key may bring: a row has at most a handful of namesakes worth showing. */
const PER_KEY = 20;

/** Internship statuses of an internship in force: ongoing or paused, not ended nor unknown. */
export const inForce = [InternshipStatus.Ongoing, InternshipStatus.Paused];

type RelatedRow = {
  id: number;
  full_name: string;
  status: number;
  version: number;
  by_snils: boolean;
  by_full_name: boolean;
  same_birth_date: boolean;
  by_registry_number: boolean;
};

/**
 * The trainees (not deleted) with the row's SNILS, with its folded full name, or with its internship number in
 * its SRO, each found through its own index, never by a scan; with what each shares with the row.
 */
export function relatedQuery(keys: MatchKeys): SQL {
  const folded = sql`registry_fold(${keys.fullName})`;
  const snilsKey = sql`${interns.snils} collate "C"`;
  const bySnils = keys.snils === null ? sql`false` : sql`${snilsKey} = ${keys.snils}`;
  // The number as the register's key holds it (`internship_numbers`, spaces, case and ё/е folded), so that the
  // review warns of exactly the clash a save would be refused for; found by the key's primary index.
  const numberHeld = and(
    eq(internshipNumbers.organizationId, keys.organizationId),
    eq(internshipNumbers.numberKey, sql`registry_number_key(${keys.registryNumber ?? ''})`),
  );
  const byNumber =
    keys.registryNumber === null
      ? sql`false`
      : sql`exists (select 1 from ${internshipNumbers} where ${internshipNumbers.internId} = ${interns.id} and ${numberHeld})`;
  const sameBirth =
    keys.dateOfBirth === null
      ? sql`false`
      : sql`exists (select 1 from ${internEntries} where ${internEntries.internId} = ${interns.id}
          and ${internEntries.section} = 'PersonalInfo' and not ${internEntries.isRemoved}
          and ${internEntries.data} ->> 'DateOfBirth' = ${keys.dateOfBirth})`;
  const found = [
    sql`(select ${interns.id} from ${interns} where ${interns.isDeleted} = false and ${bySnils} limit ${PER_KEY})`,
    sql`(select ${interns.id} from ${interns} where ${interns.isDeleted} = false
      and ${interns.searchKey} collate "C" = ${folded} collate "C" limit ${PER_KEY})`,
  ];
  if (keys.registryNumber !== null) {
    found.push(
      sql`(select ${internshipNumbers.internId} from ${internshipNumbers} where ${numberHeld} limit ${PER_KEY})`,
    );
  }
  return sql`
  with found as (${sql.join(found, sql` union `)})
  select ${interns.id} as id, ${interns.fullName} as full_name, ${interns.status} as status,
    ${interns.version} as version, coalesce(${bySnils}, false) as by_snils,
    ${interns.searchKey} = ${folded} as by_full_name, ${sameBirth} as same_birth_date,
    ${byNumber} as by_registry_number
  from ${interns} join found on found.id = ${interns.id}
  where ${interns.isDeleted} = false
  order by ${interns.id}`;
}

export function createInternMatchingRepository(db: Db) {
  return {
    /** The trainees related to a row, with what each shares with it (`relatedQuery`). */
    async related(keys: MatchKeys): Promise<MatchRow[]> {
      const rows = await sqlRows<RelatedRow>(db, relatedQuery(keys));
      return rows.map((row) => ({
        id: row.id,
        fullName: row.full_name,
        status: row.status,
        version: row.version,
        bySnils: row.by_snils,
        byFullName: row.by_full_name,
        sameBirthDate: row.same_birth_date,
        byRegistryNumber: row.by_registry_number,
      }));
    },

    /** A trainee as the review names them, deleted or not; null when there is none. */
    async brief(id: number) {
      const [row] = await db
        .select({
          id: interns.id,
          fullName: interns.fullName,
          status: interns.status,
          version: interns.version,
          isDeleted: interns.isDeleted,
        })
        .from(interns)
        .where(eq(interns.id, id));
      return row ?? null;
    },

    /** The SRO, other than the given one, where the trainee has an internship in force; the latest started. */
    async organizationInForce(internId: number, exceptOrganizationId: number) {
      const [row] = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(internshipFacts)
        .innerJoin(organizations, eq(organizations.id, internshipFacts.organizationId))
        .where(
          and(
            eq(internshipFacts.internId, internId),
            ne(internshipFacts.organizationId, exceptOrganizationId),
            inArray(internshipFacts.status, inForce),
          ),
        )
        .orderBy(sql`${internshipFacts.startedAt} desc nulls last`, desc(internshipFacts.entryId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type InternMatchingRepository = ReturnType<typeof createInternMatchingRepository>;
