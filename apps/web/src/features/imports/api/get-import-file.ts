import { queryOptions, useQuery } from '@tanstack/react-query';
import { ImportFileSchema } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { importsKey } from './get-imports';

/** `GET /api/v1/imports/{importId}/files/{fileId}`: what one of an import's files is. */
export const importFileQueryOptions = (importId: number, fileId: number) =>
  queryOptions({
    queryKey: [...importsKey, 'detail', importId, 'files', fileId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/imports/${importId}/files/${fileId}`, { schema: ImportFileSchema, signal }),
    // A stored file never changes.
    staleTime: Infinity,
    meta: { isPageSubject: true },
  });

export function useImportFile(importId: number, fileId: number) {
  return useQuery(importFileQueryOptions(importId, fileId));
}

/** Where a file's contents are: shown in the browser, saved as a download, and a rejection's file. */
export const fileUrls = {
  inline: (fileId: number) => `/api/v1/files/${fileId}`,
  download: (fileId: number) => `/api/v1/files/${fileId}/download`,
  rejection: (fileId: number) => `/api/v1/files/rejections/${fileId}`,
};
