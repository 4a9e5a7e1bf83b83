import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dictionaryEntries } from '../../db/schema/index.js';
import { alphabetical, fetchPage, matchesTerm } from '../../lib/search.js';

export interface EntryRow {
  id: number;
  value: string;
}

const columns = { id: dictionaryEntries.id, value: dictionaryEntries.value };
const order = [asc(alphabetical(dictionaryEntries.searchKey)), asc(dictionaryEntries.id)];

/** Entries of the dictionaries kept as plain values; every query is within one dictionary's code. */
export function createDictionaryRepository(db: Db) {
  const inCode = (code: string) => eq(dictionaryEntries.code, code);

  return {
    search(code: string, term: string | undefined, page: number) {
      const where = and(inCode(code), matchesTerm(dictionaryEntries.searchKey, term));
      return fetchPage(page, {
        count: () => db.$count(dictionaryEntries, where),
        rows: (limit, offset) =>
          db
            .select(columns)
            .from(dictionaryEntries)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
      });
    },

    async all(code: string): Promise<EntryRow[]> {
      return db
        .select(columns)
        .from(dictionaryEntries)
        .where(inCode(code))
        .orderBy(...order);
    },

    /** The entry of this dictionary that has this value however it is spelt (the unique index's key). */
    async findSameValue(code: string, value: string): Promise<EntryRow | null> {
      const [row] = await db
        .select(columns)
        .from(dictionaryEntries)
        .where(
          and(inCode(code), sql`registry_name_key(${dictionaryEntries.value}) = registry_name_key(${value})`),
        );
      return row ?? null;
    },

    async insert(code: string, value: string): Promise<EntryRow> {
      const [row] = await db.insert(dictionaryEntries).values({ code, value }).returning(columns);
      if (!row) throw new Error('dictionary entry insert returned nothing');
      return row;
    },

    async update(code: string, id: number, value: string): Promise<EntryRow | null> {
      const [row] = await db
        .update(dictionaryEntries)
        .set({ value })
        .where(and(inCode(code), eq(dictionaryEntries.id, id)))
        .returning(columns);
      return row ?? null;
    },
  };
}

export type DictionaryRepository = ReturnType<typeof createDictionaryRepository>;
