import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  BasisDocumentSchema,
  cappedPagedSchema,
  type BasisDocument,
  type CappedPaged,
} from '@registry/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * Everything the documents screen reads. It lives under the entries' histories' key (`['archives']`), which a
 * save of the card makes stale, so that a new save shows up here too.
 */
export const documentsKey = ['archives', 'documents'] as const;

/** What the documents search asks for; what is left out is not filtered on. */
export type DocumentSearchParams = {
  /** Words of the document's number or of its SRO's name. */
  term?: string;
  /** The document's date from and to, `yyyy-MM-dd`, both days included. */
  from?: string;
  to?: string;
  /** 0-based. */
  page: number;
};

const DocumentPageSchema = cappedPagedSchema(BasisDocumentSchema);

/**
 * `GET /api/v1/archives/documents`: a page of basis documents, the latest dated first, paged as the trainee
 * list is (its first `MAX_LIST_PAGES` pages).
 */
export function searchDocuments(
  params: DocumentSearchParams,
  signal?: AbortSignal,
): Promise<CappedPaged<BasisDocument>> {
  return apiRequest('/api/v1/archives/documents', { params, schema: DocumentPageSchema, signal });
}

export function documentSearchQueryOptions(params: DocumentSearchParams) {
  return queryOptions({
    queryKey: [...documentsKey, 'search', params],
    queryFn: ({ signal }) => searchDocuments(params, signal),
    // The rows stay on screen while the next page or term loads, rather than blinking to skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useDocumentSearch(params: DocumentSearchParams) {
  return useQuery(documentSearchQueryOptions(params));
}
