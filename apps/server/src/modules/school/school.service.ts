import type { School, SchoolRequest, SearchQuery } from '@registry/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { toPaged } from '../../lib/search.js';
import type { SchoolRepository, SchoolRow } from './school.repository.js';

function toSchool(row: SchoolRow): School {
  return { Id: row.id, Name: row.name };
}

export function createSchoolService(repo: SchoolRepository) {
  /** Writes a name; a name another school already has (however spelt) is a 409 that names that school. */
  async function save(name: string, write: () => Promise<SchoolRow | null>): Promise<School> {
    try {
      const row = await write();
      if (!row) throw new AppError(404, 'Учебное заведение не найдено');
      return toSchool(row);
    } catch (error) {
      if (!isUniqueViolation(error, 'schools_name_key')) throw error;
      const existing = await repo.findSameName(name);
      throw new AppError(409, `Учебное заведение «${existing?.name ?? name}» уже есть в справочнике`);
    }
  }

  return {
    async search(query: SearchQuery) {
      return toPaged(await repo.search(query.term, query.page), toSchool);
    },

    async all(): Promise<School[]> {
      return (await repo.all()).map(toSchool);
    },

    create(request: SchoolRequest): Promise<School> {
      return save(request.Name, () => repo.insert(request.Name));
    },

    /** The school of this name however it is spelt, if the dictionary has it. */
    async findSameName(name: string): Promise<School | null> {
      const row = await repo.findSameName(name);
      return row && toSchool(row);
    },

    /** Adds the schools a change file names that the dictionary lacks, in the upload's transaction. */
    async addMissing(tx: Db, names: string[]): Promise<School[]> {
      return (await repo.addMissing(tx, names)).map(toSchool);
    },

    update(id: number, request: SchoolRequest): Promise<School> {
      return save(request.Name, () => repo.update(id, request.Name));
    },
  };
}

export type SchoolService = ReturnType<typeof createSchoolService>;
