import { texts, type OrganizationStats, type StatsResult } from '@registry/shared';
import { AppError } from '../../lib/app-error.js';
import type { ImportStatsService, ReviewFigureRow } from '../imports/import-stats.service.js';
import type { InternStatsService, RegisterFigures } from '../intern/intern.service.js';
import type { OrganizationService } from '../organization/organization.service.js';

type Figures = StatsResult['Totals'];

const noRegisterFigures = { Accepted: 0, Paused: 0, Terminated: 0, Completed: 0, Migrated: 0 };

/** The reviewers' figures in the contract's terms; the median in hours, to a tenth. */
function reviewFigures(row: ReviewFigureRow | undefined) {
  return {
    FilesReceived: row?.filesReceived ?? 0,
    RowsReceived: row?.rowsReceived ?? 0,
    RowsAccepted: row?.rowsAccepted ?? 0,
    RowsRejected: row?.rowsRejected ?? 0,
    FilesRejected: row?.filesRejected ?? 0,
    MedianHandlingHours:
      row?.medianHandlingSeconds === null || row?.medianHandlingSeconds === undefined
        ? null
        : Math.round(row.medianHandlingSeconds / 360) / 10,
    PastDeadline: row?.pastDeadline ?? 0,
  };
}

/** The register's figures of all the SROs added up: a trainee who left two SROs counts for each. */
function registerTotals(figures: RegisterFigures) {
  const totals = { ...noRegisterFigures };
  for (const row of figures.values()) {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += row[key];
  }
  return totals;
}

/**
 * Statistics per SRO for a period (docs/statistics.md): the register's figures from the trainees module, the
 * reviewers' from the imports module, one row per SRO (every SRO, or the one asked for) and the totals.
 */
export function createStatsService(deps: {
  organizations: OrganizationService;
  interns: InternStatsService;
  imports: ImportStatsService;
}) {
  return {
    async organizations(query: { from: string; to: string; org?: number | undefined }): Promise<StatsResult> {
      const period = { from: query.from, to: query.to, organizationId: query.org ?? null };
      const [all, register, review] = await Promise.all([
        deps.organizations.all(),
        deps.interns.figures(period),
        deps.imports.figures(period),
      ]);
      const shown =
        query.org === undefined ? all : all.filter((organization) => organization.Id === query.org);
      if (query.org !== undefined && shown.length === 0) throw new AppError(404, texts.organizationNotFound);
      const reviewed = new Map(review.map((row) => [row.organizationId, row]));
      const rows: OrganizationStats[] = shown.map((organization) => ({
        Organization: { Id: organization.Id, Name: organization.Name },
        ...(register.get(organization.Id) ?? noRegisterFigures),
        ...reviewFigures(reviewed.get(organization.Id)),
      }));
      const totals: Figures = { ...registerTotals(register), ...reviewFigures(reviewed.get(null)) };
      return {
        From: query.from,
        To: query.to,
        Organization: query.org === undefined ? null : rows[0]!.Organization,
        Rows: rows,
        Totals: totals,
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
