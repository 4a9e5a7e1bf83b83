import { queryOptions, useQuery } from '@tanstack/react-query';
import { ImportSchema } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { importsKey } from './get-imports';

/**
 * `GET /api/v1/imports/{id}?rows=counts`: an import with its documents and its rows' counts; the page reads the
 * rows themselves a page at a time (get-import-changes.ts), not the thousands the detail would list.
 */
export const importQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...importsKey, 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/imports/${id}?rows=counts`, { schema: ImportSchema, signal }),
    // No such import, or another SRO's: the page says it is not found.
    meta: { isPageSubject: true },
  });

export function useImport(id: number) {
  return useQuery(importQueryOptions(id));
}
