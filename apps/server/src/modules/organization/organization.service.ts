import {
  texts,
  type Organization,
  type OrganizationCreateRequest,
  type OrganizationUpdateRequest,
  type SearchQuery,
} from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { toPaged } from '../../lib/search.js';
import type {
  OrganizationRepository,
  OrganizationRow,
  OrganizationValues,
} from './organization.repository.js';

export const organizationNotFound = 'СРО не найдено';

function toOrganization(row: OrganizationRow): Organization {
  return {
    Id: row.id,
    Name: row.name,
    FormerName: row.formerName,
    EmailAddress: row.emailAddress,
    RegistryNumber: row.registryNumber,
  };
}

// Forms send an empty string for a field left blank; the database keeps "not given" as null.
const blankToNull = (value: string | null | undefined) => value || null;

function toValues(request: OrganizationCreateRequest | OrganizationUpdateRequest): OrganizationValues {
  return {
    name: request.Name,
    formerName: blankToNull(request.FormerName),
    emailAddress: blankToNull(request.EmailAddress),
    registryNumber: blankToNull(request.RegistryNumber),
  };
}

export function createOrganizationService(repo: OrganizationRepository) {
  async function save(registryNumber: string | null, write: () => Promise<OrganizationRow | null>) {
    try {
      const row = await write();
      if (!row) throw new AppError(404, organizationNotFound);
      return toOrganization(row);
    } catch (error) {
      if (isUniqueViolation(error, 'organizations_registry_number_key')) {
        throw new AppError(409, `СРО с номером ${registryNumber} уже есть в реестре`);
      }
      throw error;
    }
  }

  async function findOrFail(id: number) {
    const row = await repo.findById(id);
    if (!row) throw new AppError(404, organizationNotFound);
    return row;
  }

  return {
    async search(query: SearchQuery) {
      return toPaged(await repo.search(query.term, query.page), toOrganization);
    },

    /** The SRO, or null when there is none with this id. */
    async find(id: number): Promise<Organization | null> {
      const row = await repo.findById(id);
      return row ? toOrganization(row) : null;
    },

    async all(): Promise<Organization[]> {
      return (await repo.all()).map(toOrganization);
    },

    create(request: OrganizationCreateRequest): Promise<Organization> {
      const values = toValues(request);
      return save(values.registryNumber, () => repo.insert(values));
    },

    async update(id: number, request: OrganizationUpdateRequest): Promise<Organization> {
      const current = await findOrFail(id);
      const values = toValues(request);
      // An SRO entered before numbers were kept may stay without one, but a known number is never lost.
      if (current.registryNumber !== null && values.registryNumber === null) {
        throw new AppError(400, texts.invalidRequest, [`«RegistryNumber»: ${texts.required}`]);
      }
      return save(values.registryNumber, () => repo.update(id, values));
    },

    /** Renames an SRO from the generic dictionary screen, leaving its other fields as they are. */
    async rename(id: number, name: string): Promise<Organization> {
      await findOrFail(id);
      return save(null, () => repo.update(id, { name }));
    },
  };
}

export type OrganizationService = ReturnType<typeof createOrganizationService>;
