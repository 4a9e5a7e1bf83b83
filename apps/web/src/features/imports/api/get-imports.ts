import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ImportListItemSchema, importTabs, pagedSchema, type ImportTab } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';

/** Everything read about imports lives under this key: an upload or a rejection invalidates it all. */
export const importsKey = ['imports'] as const;

const ImportPageSchema = pagedSchema(ImportListItemSchema);

/** `GET /api/v1/imports{/pending|/completed|/rejected}?page`: one page of a tab of the import list. */
export const importListQueryOptions = (tab: ImportTab, page: number) =>
  queryOptions({
    queryKey: [...importsKey, 'list', tab, page],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/imports${importTabs[tab].path}`, {
        params: { page },
        schema: ImportPageSchema,
        signal,
      }),
    // The rows stay on screen while the next page or tab loads, rather than blinking to a spinner.
    placeholderData: keepPreviousData,
  });

export function useImportList(tab: ImportTab, page: number) {
  return useQuery(importListQueryOptions(tab, page));
}
