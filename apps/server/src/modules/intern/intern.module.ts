import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuditRecorder } from '../../lib/audit.js';
import { createInternCardRepository } from './card/intern-card.repository.js';
import { createInternMatchingRepository } from './matching/intern-matching.repository.js';
import { createInternMatchingService } from './matching/intern-matching.service.js';
import { createInternSearchRepository } from './search/intern-search.repository.js';
import { createInternSearchService } from './search/intern-search.service.js';
import { createInternStatsRepository } from './stats/intern-stats.repository.js';
import { createInternStatsService } from './stats/intern-stats.service.js';
import { internRoutes, internSearchRoutes } from './intern.routes.js';
import { createInternService, type PendingRowsNaming } from './intern.service.js';

/*
 * The intern module's one face: the composition root (api.ts) and the demo seed build the module here, from
 * plain dependencies, and never reach its repositories themselves.
 */

/** What the intern module is built from. */
export interface InternModuleDeps {
  db: Db;
  /** The audit journal, written in the transactions of what it records. */
  audit: AuditRecorder;
  /** The imports' rows waiting for an operator that name a SNILS, which the card shows (the review answers). */
  pendingRowsNaming: PendingRowsNaming;
}

/** The register's trainees: each repository built once, the services other modules use, and the routes. */
export function createInternModule({ db, audit, pendingRowsNaming }: InternModuleDeps) {
  const interns = createInternService(db, createInternCardRepository(db), pendingRowsNaming, audit);
  const search = createInternSearchService(createInternSearchRepository(db), audit);
  return {
    /** A trainee's card: read, save, undo an import row (the row review saves through it). */
    interns,
    /** The public and operators' lists, their export and the menu's count. */
    search,
    /** Which trainee an uploaded row is about (the row review). */
    matching: createInternMatchingService(createInternMatchingRepository(db)),
    /** The trainees' figures per SRO and period (the statistics). */
    stats: createInternStatsService(createInternStatsRepository(db)),

    /** Mounts the lists and the card under `prefix` (/api/v1/interns). */
    async registerRoutes(app: FastifyInstance, prefix: string) {
      await app.register(internSearchRoutes, { prefix, service: search });
      await app.register(internRoutes, { prefix, service: interns });
    },
  };
}
export type InternModule = ReturnType<typeof createInternModule>;
