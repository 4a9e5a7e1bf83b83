import type { ImportStatsRepository } from './import-stats.repository.js';

export type { ReviewFigureRow } from './import-stats.repository.js';

/** The reviewers' statistics: what became of the files the SROs sent in a period. */
export function createImportStatsService(repo: ImportStatsRepository) {
  return {
    /** The period's days (both included) are counted in Moscow time, the registry's own, as deadlines are. */
    figures(period: { from: string; to: string; organizationId: number | null }) {
      const since = new Date(`${period.from}T00:00:00+03:00`);
      const until = new Date(new Date(`${period.to}T00:00:00+03:00`).getTime() + 86_400_000);
      return repo.figures({ since, until, organizationId: period.organizationId });
    },
  };
}

export type ImportStatsService = ReturnType<typeof createImportStatsService>;
