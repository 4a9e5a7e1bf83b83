import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { schools } from '../../db/schema/index.js';
import { alphabetical, fetchPage, matchesTerm } from '../../lib/search.js';

export interface SchoolRow {
  id: number;
  name: string;
}

const columns = { id: schools.id, name: schools.name };
const order = [asc(alphabetical(schools.searchKey)), asc(schools.id)];

export function createSchoolRepository(db: Db) {
  return {
    search(term: string | undefined, page: number) {
      const where = matchesTerm(schools.searchKey, term);
      return fetchPage(page, {
        count: () => db.$count(schools, where),
        rows: (limit, offset) =>
          db
            .select(columns)
            .from(schools)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
      });
    },

    async all(): Promise<SchoolRow[]> {
      return db
        .select(columns)
        .from(schools)
        .orderBy(...order);
    },

    /** The school that has this name however it is spelt (the key of the unique index). */
    async findSameName(name: string): Promise<SchoolRow | null> {
      const [row] = await db
        .select(columns)
        .from(schools)
        .where(sql`registry_name_key(${schools.name}) = registry_name_key(${name})`);
      return row ?? null;
    },

    async insert(name: string): Promise<SchoolRow> {
      const [row] = await db.insert(schools).values({ name }).returning(columns);
      if (!row) throw new Error('school insert returned nothing');
      return row;
    },

    /**
     * Adds the names the dictionary lacks, however spelt, inside the caller's transaction, and returns the
     * schools of all the names: two queries whatever their number.
     */
    async addMissing(tx: Db, names: string[]): Promise<SchoolRow[]> {
      if (names.length === 0) return [];
      await tx
        .insert(schools)
        .values(names.map((name) => ({ name })))
        .onConflictDoNothing();
      return tx
        .select(columns)
        .from(schools)
        .where(
          sql`registry_name_key(${schools.name}) in (select registry_name_key(name) from unnest(${sql.param(names)}::text[]) as name)`,
        );
    },

    async update(id: number, name: string): Promise<SchoolRow | null> {
      const [row] = await db.update(schools).set({ name }).where(eq(schools.id, id)).returning(columns);
      return row ?? null;
    },
  };
}

export type SchoolRepository = ReturnType<typeof createSchoolRepository>;
