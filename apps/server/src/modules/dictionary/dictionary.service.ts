import {
  dictionaryTitles,
  dictionaryValueRules,
  formatDate,
  isDictionaryCode,
  texts,
  type DictionaryCode,
  type DictionaryEntry,
  type Paged,
  type SearchQuery,
} from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { toPaged } from '../../lib/search.js';
import type { OrganizationService } from '../organization/organization.service.js';
import type { SchoolService } from '../school/school.service.js';
import type { DictionaryRepository, EntryRow } from './dictionary.repository.js';

/** Where a dictionary's entries live and how they are read and written as `{ Id, Value }`. */
interface DictionarySource {
  all(): Promise<DictionaryEntry[]>;
  search(query: SearchQuery): Promise<Paged<DictionaryEntry>>;
  create(value: string): Promise<DictionaryEntry>;
  update(id: number, value: string): Promise<DictionaryEntry>;
}

const toEntry = (row: EntryRow): DictionaryEntry => ({ Id: row.id, Value: row.value });

type Named = { Id: number; Name: string };
const named = (item: Named): DictionaryEntry => ({ Id: item.Id, Value: item.Name });

/** A dictionary of records with a name of their own (schools, SRO), seen as entries whose Value is the name. */
function namedSource(
  list: { all(): Promise<Named[]>; search(query: SearchQuery): Promise<Paged<Named>> },
  write: { create(name: string): Promise<Named>; update(id: number, name: string): Promise<Named> },
): DictionarySource {
  return {
    all: async () => (await list.all()).map(named),
    search: async (query) => {
      const page = await list.search(query);
      return { ...page, Results: page.Results.map(named) };
    },
    create: async (value) => named(await write.create(value)),
    update: async (id, value) => named(await write.update(id, value)),
  };
}

/**
 * A dictionary kept as plain values in dictionary_entries under its code. `exclusiveWith` names a dictionary
 * that may not hold the same value: a day is a holiday or a working day by transfer, never both.
 */
function storedSource(
  repo: DictionaryRepository,
  code: DictionaryCode,
  exclusiveWith?: DictionaryCode,
): DictionarySource {
  async function save(value: string, write: () => Promise<EntryRow | null>) {
    try {
      const row = await write();
      if (!row) throw new AppError(404, texts.notFound);
      return toEntry(row);
    } catch (error) {
      if (!isUniqueViolation(error, 'dictionary_entries_code_value_key')) throw error;
      const existing = await repo.findSameValue(code, value);
      throw new AppError(
        409,
        `Значение «${existing?.value ?? value}» уже есть в справочнике «${dictionaryTitles[code]}»`,
      );
    }
  }

  async function checked(value: string): Promise<string> {
    const rule = dictionaryValueRules[code];
    if (rule && !rule.test(value)) {
      throw new AppError(400, texts.invalidRequest, [`«Value»: ${rule.message}`]);
    }
    if (exclusiveWith && (await repo.findSameValue(exclusiveWith, value))) {
      throw new AppError(
        409,
        `День ${formatDate(value)} уже есть в справочнике «${dictionaryTitles[exclusiveWith]}»: ` +
          'день не может быть и праздничным, и рабочим',
      );
    }
    return value;
  }

  return {
    all: async () => (await repo.all(code)).map(toEntry),
    search: async (query) => toPaged(await repo.search(code, query.term, query.page), toEntry),
    create: (value) => save(value, async () => repo.insert(code, await checked(value))),
    update: (id, value) => save(value, async () => repo.update(code, id, await checked(value))),
  };
}

/** Dictionaries by code, so that one screen and one picker serve every dictionary. */
export function createDictionaryService(
  repo: DictionaryRepository,
  services: { organizations: OrganizationService; schools: SchoolService },
) {
  const { organizations, schools } = services;

  const sources: Record<DictionaryCode, DictionarySource> = {
    addresses: storedSource(repo, 'addresses'),
    'termination-reasons': storedSource(repo, 'termination-reasons'),
    holidays: storedSource(repo, 'holidays', 'working-days'),
    'working-days': storedSource(repo, 'working-days', 'holidays'),
    schools: namedSource(schools, {
      create: (name) => schools.create({ Name: name }),
      update: (id, name) => schools.update(id, { Name: name }),
    }),
    organizations: namedSource(organizations, {
      // A name alone does not make an SRO: it needs its number in the state register.
      create: () => {
        throw new AppError(
          400,
          'СРО добавляется в справочнике «СРО» вместе с номером в государственном реестре',
          [`«RegistryNumber»: ${texts.required}`],
        );
      },
      update: (id, name) => organizations.rename(id, name),
    }),
  };

  function sourceOf(code: string): DictionarySource {
    if (!isDictionaryCode(code)) throw new AppError(404, 'Справочник не найден');
    return sources[code];
  }

  return {
    all: (code: string) => sourceOf(code).all(),
    search: (code: string, query: SearchQuery) => sourceOf(code).search(query),
    create: (code: string, value: string) => sourceOf(code).create(value),
    update: (code: string, id: number, value: string) => sourceOf(code).update(id, value),
  };
}

export type DictionaryService = ReturnType<typeof createDictionaryService>;
