import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { counterKeys, internEntries, interns, registryCounters } from '../../../db/schema/index.js';
import {
  alphabeticalKey,
  bindFilter,
  filterConditions,
  listOrder,
  type FilterShape,
  type InternFilter,
} from './intern-search-filter.js';
import {
  countQuery,
  countValues,
  exportColumns,
  pageQuery,
  pageValues,
  scanModeOf,
} from './intern-search-queries.js';

/** How many shapes of search keep their built queries; the rarest (a term of many words) are built anew. */
const SHAPES_KEPT = 100;

/** The list's page and count, each query built once per shape of filter. */
function listQueries(db: Db) {
  // Built once: Drizzle took longer to build them than PostgreSQL to run them. Unnamed, so PostgreSQL still
  // plans each run for its values, as a LIKE 'prefix%' needs.
  const built = new Map<
    string,
    { page: ReturnType<typeof preparePage>; count: ReturnType<typeof prepareCount> }
  >();
  const preparePage = (shape: FilterShape) => pageQuery(db, shape, scanModeOf(shape)).prepare('');
  const prepareCount = (shape: FilterShape) => countQuery(db, shape).prepare('');
  function queriesOf(shape: FilterShape) {
    const key = JSON.stringify(shape);
    let queries = built.get(key);
    if (!queries) {
      if (built.size >= SHAPES_KEPT) built.delete(built.keys().next().value!);
      built.set(key, (queries = { page: preparePage(shape), count: prepareCount(shape) }));
    }
    return queries;
  }

  return {
    /**
     * One page of the list, with each row's registration numbers, in one statement. A term is looked for
     * first in a window at the start of the list, then, when the window cannot show the page, through the
     * term's index.
     */
    async searchPage(filter: InternFilter, limit: number, offset: number) {
      const { shape, values } = bindFilter(filter);
      return queriesOf(shape).page.execute({ ...values, ...pageValues(limit, offset) });
    },

    /** How many trainees match, counting no further than `cap`: an exact count of a million rows is never paid. */
    async countUpTo(filter: InternFilter, cap: number): Promise<number> {
      const { shape, values } = bindFilter(filter);
      const [row] = await queriesOf(shape).count.execute({ ...values, ...countValues(cap) });
      return row?.n ?? 0;
    },
  };
}

/** The export's batches, in list order or by ids. */
function exportQueries(db: Db) {
  return {
    /**
     * Trainees matching the filter in list order after the given key: the export reads the list in batches
     * this way when an index yields the filtered list in order (all but an SRO's list, see `idsInOrder`).
     */
    async batchAfter(
      filter: InternFilter,
      after: { searchKey: string; id: number } | null,
      size: number,
      withNumbers: boolean,
    ) {
      const { shape, values } = bindFilter(filter);
      const conditions = filterConditions(shape);
      if (after) {
        conditions.push(
          sql`(${interns.searchKey} collate "C", ${interns.id}) > (${after.searchKey} collate "C", ${after.id})`,
        );
      }
      return db
        .select({ ...exportColumns(withNumbers), searchKey: interns.searchKey })
        .from(interns)
        .where(and(...conditions))
        .orderBy(...listOrder)
        .limit(size)
        .prepare('')
        .execute(values);
    },

    /**
     * The ids of the trainees matching the filter, in list order, for the export of an SRO's list: no index
     * holds an SRO's trainees in alphabetical order, and walking the alphabetical one checks about ten
     * trainees for every one kept. Matched as a set against the SRO's internships instead, they are sorted
     * once; an id takes a few bytes, so even a list of a million stays small.
     */
    async idsInOrder(filter: InternFilter): Promise<number[]> {
      const { shape, values } = bindFilter(filter);
      const [row] = await db
        .select({
          ids: sql<
            number[]
          >`coalesce(array_agg(${interns.id} order by ${alphabeticalKey}, ${interns.id}), '{}')`,
        })
        .from(interns)
        .where(and(...filterConditions(shape)))
        .prepare('')
        .execute(values);
      return row?.ids ?? [];
    },

    /**
     * The trainees of the given ids in the order of the ids, less any deleted since the ids were read (or, for
     * the list of the deleted, any restored since).
     */
    async batchOf(internIds: number[], withNumbers: boolean, deleted = false) {
      const rows = await db
        .select(exportColumns(withNumbers))
        .from(interns)
        .where(and(sql`${interns.id} = any(${sql.param(internIds)}::int[])`, eq(interns.isDeleted, deleted)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return internIds.flatMap((id) => byId.get(id) ?? []);
    },
  };
}

/** Trainee lists: the page and its count, the export's batches, a section's entries of many trainees. */
export function createInternSearchRepository(db: Db) {
  return {
    ...listQueries(db),
    ...exportQueries(db),
    async entriesOf(internIds: number[], section: string) {
      if (internIds.length === 0) return [];
      return db
        .select({
          internId: internEntries.internId,
          id: internEntries.id,
          position: internEntries.position,
          data: internEntries.data,
        })
        .from(internEntries)
        .where(
          and(
            inArray(internEntries.internId, internIds),
            eq(internEntries.section, section),
            eq(internEntries.isRemoved, false),
          ),
        )
        .orderBy(asc(internEntries.internId), asc(internEntries.position));
    },

    /** Trainees in the register (not deleted): one row of the counters the database keeps, never a count. */
    async countActive(): Promise<number> {
      const [row] = await db
        .select({ n: registryCounters.value })
        .from(registryCounters)
        .where(eq(registryCounters.key, counterKeys.interns));
      return row?.n ?? 0;
    },
  };
}

export type InternSearchRepository = ReturnType<typeof createInternSearchRepository>;
