import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DictionaryEntrySchema,
  type DictionaryCode,
  type DictionaryEntry,
  type DictionaryEntryRequest,
} from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { dictionaryKey } from '@/lib/query-keys';

/** A new entry when `id` is null, else an edit of entry `id`. */
export type SaveDictionaryEntry = { id: number | null; request: DictionaryEntryRequest };

export function saveDictionaryEntry(
  code: DictionaryCode,
  { id, request }: SaveDictionaryEntry,
): Promise<DictionaryEntry> {
  const base = `/api/v1/dictionaries/${code}`;
  return id === null
    ? apiRequest(base, { method: 'POST', body: request, schema: DictionaryEntrySchema })
    : apiRequest(`${base}/entries/${id}`, { method: 'PUT', body: request, schema: DictionaryEntrySchema });
}

/** Saves an entry of dictionary `code`; its dialog shows a refusal itself. */
export function useSaveDictionaryEntry(code: DictionaryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SaveDictionaryEntry) => saveDictionaryEntry(code, variables),
    meta: { hasOwnErrorHandling: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionaryKey(code) }),
  });
}
