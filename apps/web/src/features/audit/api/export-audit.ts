import { texts } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import type { AuditSearchParams } from './search-audit';

/** `GET /api/v1/audit/export`: the journal's events the filter finds, as .xlsx, under the server's name. */
export async function exportAudit(params: AuditSearchParams): Promise<void> {
  saveFile(await apiDownload('/api/v1/audit/export', { params, fallbackName: 'Журнал.xlsx' }));
}

export function useExportAudit() {
  return useMutation({ mutationFn: exportAudit, meta: { errorTitle: texts.errorTitles.export } });
}
