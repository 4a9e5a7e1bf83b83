import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/**
 * `GET /api/v1/imports/change-file`: a change file filled with the SRO's trainees, to edit and upload back,
 * saved under the server's file name. A representative leaves `organizationId` out (the server takes its own
 * SRO); an operator names the SRO.
 */
export async function downloadChangeFile(organizationId?: number): Promise<void> {
  saveFile(
    await apiDownload('/api/v1/imports/change-file', {
      params: { organizationId },
      fallbackName: 'Файл для изменений.xlsx',
    }),
  );
}

/** Downloads the change file; the button or the dialog that asked says a failure beside itself. */
export function useDownloadChangeFile() {
  return useMutation({ mutationFn: downloadChangeFile, meta: { hasOwnErrorHandling: true } });
}
