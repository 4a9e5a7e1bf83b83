import { endedStatuses, type InternStatsRepository, type StatsPeriod } from './intern-stats.repository.js';

export type { StatsPeriod } from './intern-stats.repository.js';

/** The register's figures of a period, by SRO id. */
export type RegisterFigures = Map<
  number,
  { Accepted: number; Paused: number; Terminated: number; Completed: number; Migrated: number }
>;

/** The register's statistics (docs/statistics.md): internships begun, paused, ended; trainees who moved. */
export function createInternStatsService(repo: InternStatsRepository) {
  return {
    async figures(period: StatsPeriod): Promise<RegisterFigures> {
      const [accepted, paused, terminated, completed, migrated] = await Promise.all([
        repo.accepted(period),
        repo.paused(period),
        repo.ended(period, endedStatuses.Terminated),
        repo.ended(period, endedStatuses.Completed),
        repo.migrated(period),
      ]);
      const figures: RegisterFigures = new Map();
      const add = (
        counted: { organizationId: number; n: number }[],
        key: 'Accepted' | 'Paused' | 'Terminated' | 'Completed' | 'Migrated',
      ) => {
        for (const { organizationId, n } of counted) {
          const row = figures.get(organizationId) ?? {
            Accepted: 0,
            Paused: 0,
            Terminated: 0,
            Completed: 0,
            Migrated: 0,
          };
          row[key] = n;
          figures.set(organizationId, row);
        }
      };
      add(accepted, 'Accepted');
      add(paused, 'Paused');
      add(terminated, 'Terminated');
      add(completed, 'Completed');
      add(migrated, 'Migrated');
      return figures;
    },
  };
}

export type InternStatsService = ReturnType<typeof createInternStatsService>;
