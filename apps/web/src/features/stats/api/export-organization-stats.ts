import { texts } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import type { StatsParams } from './get-organization-stats';

/** `GET /api/v1/stats/organizations/export`: the statistics as .xlsx, saved under the server's file name. */
export async function exportOrganizationStats(params: StatsParams): Promise<void> {
  const file = await apiDownload('/api/v1/stats/organizations/export', {
    params: { from: params.from, to: params.to, org: params.org },
    fallbackName: 'Статистика.xlsx',
  });
  saveFile(file);
}

export function useExportOrganizationStats() {
  return useMutation({
    mutationFn: exportOrganizationStats,
    meta: { errorTitle: texts.errorTitles.export },
  });
}
