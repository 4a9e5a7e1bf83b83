import { queryOptions, useQuery } from '@tanstack/react-query';
import { DocumentChangesSchema, type DocumentChanges } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { documentsKey } from './search-documents';

/** `GET /api/v1/archives/documents/{id}/changes`: the document and every change made on it, oldest first. */
export function getDocumentChanges(id: number, signal?: AbortSignal): Promise<DocumentChanges> {
  return apiRequest(`/api/v1/archives/documents/${id}/changes`, { schema: DocumentChangesSchema, signal });
}

export const documentChangesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...documentsKey, 'changes', id],
    queryFn: ({ signal }) => getDocumentChanges(id, signal),
  });

/** The changes made on the basis document whose handle (its first change protocol) is `id`. */
export function useDocumentChanges(id: number) {
  return useQuery(documentChangesQueryOptions(id));
}
