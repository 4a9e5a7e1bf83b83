import { texts } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/download';
import type { InternSearchParams } from './search-interns';

/** The list's filter without its page, and whether every field goes in ('Полная выгрузка'). */
export type InternExportParams = Omit<InternSearchParams, 'page'> & { full?: boolean };

/** `GET /api/v1/interns/export`: the matching trainees as .xlsx, saved under the server's file name. */
export async function exportInterns(params: InternExportParams): Promise<void> {
  const file = await apiDownload('/api/v1/interns/export', { params, fallbackName: 'Стажёры.xlsx' });
  saveFile(file);
}

export function useExportInterns() {
  return useMutation({ mutationFn: exportInterns, meta: { errorTitle: texts.errorTitles.export } });
}
