import { ChangeFilePartsSchema, type ChangeFileParts } from '@registry/shared';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/**
 * `GET /api/v1/imports/change-file`: a change file filled with the SRO's trainees, to edit and upload back,
 * saved under the server's file name; `part` of an SRO too big for one file. A representative leaves
 * `organizationId` out (the server takes its own SRO); an operator names the SRO.
 */
export async function downloadChangeFile(organizationId?: number, part?: number): Promise<void> {
  saveFile(
    await apiDownload('/api/v1/imports/change-file', {
      params: { organizationId, part },
      fallbackName: 'Файл для изменений.xlsx',
    }),
  );
}

/** `GET /api/v1/imports/change-file/parts`: how many files the SRO's trainees take. */
export function getChangeFileParts(organizationId?: number): Promise<ChangeFileParts> {
  return apiRequest('/api/v1/imports/change-file/parts', {
    params: { organizationId },
    schema: ChangeFilePartsSchema,
  });
}

/**
 * Downloads the SRO's change file when its trainees fit one file; answers the parts, downloading none, when
 * they take several, so that the screen offers each. The button or the dialog that asked says a failure.
 */
export function useDownloadChangeFile() {
  return useMutation({
    mutationFn: async (organizationId?: number): Promise<ChangeFileParts | null> => {
      const parts = await getChangeFileParts(organizationId);
      if (parts.Parts > 1) return parts;
      await downloadChangeFile(organizationId);
      return null;
    },
    meta: { hasOwnErrorHandling: true },
  });
}

/** Downloads one part of an SRO's change file; the parts' dialog says a failure. */
export function useDownloadChangeFilePart() {
  return useMutation({
    mutationFn: ({ organizationId, part }: { organizationId?: number | undefined; part: number }) =>
      downloadChangeFile(organizationId, part),
    meta: { hasOwnErrorHandling: true },
  });
}
