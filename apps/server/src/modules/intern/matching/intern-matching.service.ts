import type { CandidateReason } from '@registry/shared';
import { AppError } from '../../../lib/app-error.js';
import { texts } from '@registry/shared';
import type { InternMatchingRepository, MatchKeys, MatchRow } from './intern-matching.repository.js';

/**
 * The trainee a row is about, how they were found, and who else it might be
 * (docs/row-review.md#which-trainee-a-row-is-about).
 */
export interface InternMatch {
  intern: { id: number; fullName: string; status: number; version: number; isDeleted: boolean } | null;
  matchedBy: 'registerId' | 'snils' | 'fullName' | 'chosen' | 'none';
  conflictingIntern: { id: number; fullName: string } | null;
  /** Another trainee than `intern` holding the row's SNILS: the register gives it to no one else. */
  snilsHolder: { id: number; fullName: string } | null;
  conflictingOrganization: { id: number; name: string } | null;
  candidates: { id: number; fullName: string; status: number; reasons: CandidateReason[] }[];
}

/** What a row is matched by: the register's keys, and «Номер в реестре» of a pre-filled file's row. */
export type RowKeys = MatchKeys & { registerId?: number | null };

/** The operator's choice of trainee: one by id, a new record, or none (match automatically). */
export type InternChoice = number | 'new' | undefined;

const MAX_CANDIDATES = 5;

function reasonsOf(row: MatchRow): CandidateReason[] {
  const reasons: CandidateReason[] = [];
  if (row.bySnils) reasons.push('snils');
  if (row.byRegistryNumber) reasons.push('registryNumber');
  if (row.byFullName) reasons.push(row.sameBirthDate ? 'fullNameAndBirthDate' : 'fullName');
  return reasons;
}

/** Stronger reasons first: a shared SNILS says more than a shared number, which says more than a name. */
const weight = (reasons: CandidateReason[]) =>
  reasons.reduce(
    (sum, reason) => sum + { snils: 8, registryNumber: 4, fullNameAndBirthDate: 2, fullName: 1 }[reason],
    0,
  );

/**
 * Finds the trainee an uploaded row is about: the one a pre-filled file's row names by «Номер в реестре»
 * (its upload checked it is the SRO's); else the same SNILS; else, unless the row has that key, the same full
 * name and, when the row has one, the same birth date. Another trainee with the row's internship number in the same SRO is a conflict,
 * and so is an internship in force in another SRO.
 */
export function createInternMatchingService(repo: InternMatchingRepository) {
  return {
    /** A trainee by id, deleted or not; null when there is none. */
    brief: (id: number) => repo.brief(id),

    async match({ registerId, ...keys }: RowKeys, choice: InternChoice): Promise<InternMatch> {
      const rows = await repo.related(keys);
      let intern: InternMatch['intern'] = null;
      let matchedBy: InternMatch['matchedBy'] = 'none';
      const keyed = choice === undefined && registerId ? await repo.brief(registerId) : null;
      if (typeof choice === 'number') {
        intern = await repo.brief(choice);
        if (!intern) throw new AppError(404, texts.internNotFound);
        matchedBy = 'chosen';
      } else if (keyed) {
        intern = keyed;
        matchedBy = 'registerId';
      } else if (choice === undefined) {
        const bySnils = rows.find((row) => row.bySnils);
        // A row keyed by the register is never given to a trainee by name alone.
        const byName = registerId
          ? undefined
          : rows.find((row) => row.byFullName && (keys.dateOfBirth === null || row.sameBirthDate));
        const found = bySnils ?? byName;
        if (found) {
          intern = { ...found, isDeleted: false };
          matchedBy = bySnils ? 'snils' : 'fullName';
        }
      }
      const others = rows.filter((row) => row.id !== intern?.id);
      const conflict = others.find((row) => row.byRegistryNumber);
      const holder = others.find((row) => row.bySnils);
      const organization = intern ? await repo.organizationInForce(intern.id, keys.organizationId) : null;
      return {
        intern,
        matchedBy,
        conflictingIntern: conflict ? { id: conflict.id, fullName: conflict.fullName } : null,
        snilsHolder: holder ? { id: holder.id, fullName: holder.fullName } : null,
        conflictingOrganization: organization,
        candidates: others
          .map((row) => ({ id: row.id, fullName: row.fullName, status: row.status, reasons: reasonsOf(row) }))
          .sort((a, b) => weight(b.reasons) - weight(a.reasons) || a.id - b.id)
          .slice(0, MAX_CANDIDATES),
      };
    },
  };
}

export type InternMatchingService = ReturnType<typeof createInternMatchingService>;
