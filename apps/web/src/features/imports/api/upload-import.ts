import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportListItemSchema, UPLOAD_ID_HEADER, type ImportListItem } from '@registry/shared';
import { refreshCounters } from '@/lib/counters';
import { uploadForm } from '@/lib/upload';
import { importsKey } from './get-imports';

/** The file fields of the multipart upload, as the server names them. */
export type UploadFileField = 'file' | 'protocol' | 'letter' | 'protocolSignature' | 'letterSignature';
export type UploadFiles = Partial<Record<UploadFileField, File | null>>;

/**
 * An operator's upload (`POST /api/v1/imports`: the SRO, whether to add unknown schools, optional incoming
 * requisites) or an SRO representative's (`POST /api/v1/imports/delta`: the outgoing requisites of its letter).
 */
export type UploadRequest =
  | {
      reading: 'operator';
      data: {
        importSchools: boolean;
        organizationId: number;
        number?: string;
        date?: string;
        /** Uploads a file the SRO already has an import of, on purpose. */
        confirmDuplicate?: boolean;
      };
    }
  | { reading: 'organization'; data: { Number: string; Date: string } };

export type UploadVariables = {
  request: UploadRequest;
  files: UploadFiles;
  /** Hears the share of the body sent, from 0 to 1. */
  onProgress?: (share: number) => void;
  /** Names the upload, so that while its file is checked the dialog can ask how far it is (get-upload-state.ts). */
  uploadId?: string;
};

/** Sends the change file and its documents. */
export function uploadImport({
  request,
  files,
  onProgress,
  uploadId,
}: UploadVariables): Promise<ImportListItem> {
  const form = new FormData();
  // The data first: the server reads the parts in order.
  form.append('data', JSON.stringify(request.data));
  for (const [field, file] of Object.entries(files)) {
    if (file) form.append(field, file, file.name);
  }
  const path = request.reading === 'operator' ? '/api/v1/imports' : '/api/v1/imports/delta';
  return uploadForm(path, form, {
    schema: ImportListItemSchema,
    onProgress,
    ...(uploadId ? { headers: { [UPLOAD_ID_HEADER]: uploadId } } : {}),
  });
}

/** Uploads; the dialog shows a refusal itself. The lists and the menu's counters then refresh. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    meta: { hasOwnErrorHandling: true },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: importsKey }), refreshCounters(queryClient)]),
  });
}

/** The template of a change file, with its headers, drop-downs and a sample row. */
export const templateUrl = '/api/v1/imports/template';
