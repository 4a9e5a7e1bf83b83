import {
  texts,
  type Intern,
  type InternSchema,
  type InternSectionKey,
  type PublicIntern,
} from '@registry/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AuditRecorder } from '../../lib/audit.js';
import { toChangeProtocol } from '../../db/change-protocols.js';
import { createInternCardRepository, type InternCardRepository } from './card/intern-card.repository.js';
import { internAsOf, sectionsAt, sectionsOfManyAt } from './card/intern-as-of.js';
import { claimRegisterKeys } from './card/intern-register-keys.js';
import { resolveReferences } from './card/intern-references.js';
import type { SaveRequest } from './card/intern-save.js';
import { internJournal } from './intern-journal.js';
import { groupBySection } from './card/intern-sections.js';

export type { SaveRequest } from './card/intern-save.js';
// Other modules are handed the matching and the statistics built by intern.module.ts; their types come from here.
export type { InternChoice, InternMatch, InternMatchingService } from './matching/intern-matching.service.js';
export type { InternStatsService, RegisterFigures } from './stats/intern-stats.service.js';

/** The rows of imports waiting for an operator that name a SNILS: the imports module answers. */
export type PendingRowsNaming = (
  snils: string | null,
) => Promise<{ ImportId: number; ChangeId: number; RowNumber: number }[]>;

/**
 * A trainee's sections as the register held them just before `at`, read in `db`: a transaction's when the
 * rows of an import are settled as it is revealed (the pre-filled change file's cells as they were downloaded).
 */
export function internSectionsAt(db: Db, id: number, at: Date) {
  return sectionsAt(db, createInternCardRepository(db), id, at);
}

/** Trainees' sections as the register held them just before `at`, by trainee: `internSectionsAt` for many. */
export function internsSectionsAt(db: Db, ids: number[], at: Date) {
  return sectionsOfManyAt(db, createInternCardRepository(db), ids, at);
}

/** What the public registry shows of a trainee: names, numbers, supervisors' names, internships. */
function toPublic(intern: Intern): PublicIntern {
  return {
    Id: intern.Id,
    FullName: intern.FullName,
    Status: intern.Status,
    RegistrationNumbers: intern.RegistrationNumbers,
    PersonalInfo: intern.PersonalInfo.map(({ Id, LastName, FirstName, PatronymicName }) => ({
      Id,
      LastName,
      FirstName,
      PatronymicName,
    })),
    Supervisors: intern.Supervisors.map(({ Id, LastName, FirstName, PatronymicName, CadastreNumber }) => ({
      Id,
      LastName,
      FirstName,
      PatronymicName,
      CadastreNumber,
    })),
    Internships: intern.Internships,
    InternshipSteps: intern.InternshipSteps,
  };
}

/** The whole trainee as an operator sees it. */
async function readCard(
  {
    db,
    repo,
    pendingRowsNaming,
  }: { db: Db; repo: InternCardRepository; pendingRowsNaming: PendingRowsNaming },
  id: number,
): Promise<Intern> {
  const row = await repo.find(id);
  if (!row) throw new AppError(404, texts.internNotFound);
  const [entries, protocols, pendingImportRows] = await Promise.all([
    repo.currentEntries(db, id),
    repo.protocolsOf(id),
    pendingRowsNaming(row.snils),
  ]);
  const sections = groupBySection(entries);
  await resolveReferences(repo, db, sections, { refuseUnknown: false });
  return {
    Id: row.id,
    Version: row.version,
    FullName: row.fullName,
    Status: row.status,
    IsDeleted: row.isDeleted,
    HasPendingImport: pendingImportRows.length > 0,
    PendingImportRows: pendingImportRows,
    RegistrationNumbers: row.registrationNumbers,
    ...sections,
    ChangeProtocols: protocols.map(toChangeProtocol),
  };
}

/** A trainee's card: read it whole or in part, save it, delete and restore it. */
export function createInternService(
  db: Db,
  repo: InternCardRepository,
  pendingRowsNaming: PendingRowsNaming,
  audit: AuditRecorder,
) {
  const journal = internJournal(repo, audit);

  const get = (id: number) => readCard({ db, repo, pendingRowsNaming }, id);

  return {
    get,

    /** The card as the register held it at the end of a day (intern-as-of.ts), read-only. */
    getAsOf: (id: number, day: string) => internAsOf(db, repo, id, day),

    /** The operator's card, now or as of a day, opened by `actor`: the journal notes who looked. */
    async open(id: number, asOf: string | null | undefined, actor: Actor): Promise<Intern> {
      const intern = asOf ? await internAsOf(db, repo, id, asOf) : await get(id);
      await journal.opened(actor, id, asOf);
      return intern;
    },

    /** Saves a card in one transaction (see `saveIn`); returns the trainee's id. */
    async save(request: SaveRequest): Promise<number> {
      return (await db.transaction((tx) => journal.saveIn(tx, request))).internId;
    },

    /** A save inside the caller's transaction: an accepted import row is written exactly as a card save. */
    saveIn: journal.saveIn,

    /** Undoes an accepted import row's changes to a trainee inside the caller's transaction (intern-undo.ts). */
    undoImportRowIn: journal.undoImportRowIn,

    /**
     * The current entries of some sections of a trainee, with their references' current names, and the
     * trainee's own row: what a row review compares an uploaded row with.
     */
    async sectionsOf(id: number, sections: InternSectionKey[]) {
      const row = await repo.find(id);
      if (!row) return null;
      const grouped = groupBySection(await repo.currentEntries(db, id, sections));
      await resolveReferences(repo, db, grouped, { refuseUnknown: false });
      return { intern: row, sections: grouped };
    },

    async getPublic(id: number): Promise<PublicIntern> {
      const intern = await get(id);
      if (intern.IsDeleted) throw new AppError(404, texts.internNotFound);
      return toPublic(intern);
    },

    /** Deletes or restores a trainee; a restore takes back their SNILS and numbers, unless another holds one. */
    async setDeleted(id: number, isDeleted: boolean, actor?: Actor): Promise<Intern> {
      const row = await repo.find(id);
      if (!row) throw new AppError(404, texts.internNotFound);
      await db.transaction(async (tx) => {
        await claimRegisterKeys(tx, repo, { id, snils: row.snils }, (savepoint) =>
          repo.setDeleted(savepoint, id, isDeleted),
        );
        await journal.setDeleted(tx, actor, id, isDeleted);
      });
      return get(id);
    },
  };
}

export type InternService = ReturnType<typeof createInternService>;
export type InternResponse = z.input<typeof InternSchema>;
