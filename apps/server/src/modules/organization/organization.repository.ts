import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organizations } from '../../db/schema/index.js';
import { alphabetical, fetchPage, matchesTerm } from '../../lib/search.js';

export interface OrganizationValues {
  name: string;
  formerName: string | null;
  emailAddress: string | null;
  registryNumber: string | null;
}

export interface OrganizationRow extends OrganizationValues {
  id: number;
}

const columns = {
  id: organizations.id,
  name: organizations.name,
  formerName: organizations.formerName,
  emailAddress: organizations.emailAddress,
  registryNumber: organizations.registryNumber,
};

const order = [asc(alphabetical(organizations.searchKey)), asc(organizations.id)];

export function createOrganizationRepository(db: Db) {
  return {
    /** SROs whose name, former name or register number contains every word of the term. */
    search(term: string | undefined, page: number) {
      const where = matchesTerm(organizations.searchKey, term);
      return fetchPage(page, {
        count: () => db.$count(organizations, where),
        rows: (limit, offset) =>
          db
            .select(columns)
            .from(organizations)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
      });
    },

    async all(): Promise<OrganizationRow[]> {
      return db
        .select(columns)
        .from(organizations)
        .orderBy(...order);
    },

    async findById(id: number): Promise<OrganizationRow | null> {
      const [row] = await db.select(columns).from(organizations).where(eq(organizations.id, id));
      return row ?? null;
    },

    async insert(values: OrganizationValues): Promise<OrganizationRow> {
      const [row] = await db.insert(organizations).values(values).returning(columns);
      if (!row) throw new Error('organization insert returned nothing');
      return row;
    },

    async update(id: number, values: Partial<OrganizationValues>): Promise<OrganizationRow | null> {
      const [row] = await db
        .update(organizations)
        .set(values)
        .where(eq(organizations.id, id))
        .returning(columns);
      return row ?? null;
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
