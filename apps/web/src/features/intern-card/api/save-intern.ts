import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  InternSchema,
  fieldLabels,
  internSections,
  type Intern,
  type InternSectionKey,
  type SaveIntern,
} from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { internsKey } from '@/lib/query-keys';
import { internQueryOptions } from './get-intern';
import { archiveKey } from './get-entry-history';

/** A new trainee when `id` is null, else a save of trainee `id` from the version the payload names. */
export type SaveInternRequest = { id: number | null; payload: SaveIntern };

export function saveIntern({ id, payload }: SaveInternRequest): Promise<Intern> {
  return id === null
    ? apiRequest('/api/v1/interns/', { method: 'POST', body: payload, schema: InternSchema })
    : apiRequest(`/api/v1/interns/${id}`, { method: 'PUT', body: payload, schema: InternSchema });
}

/** After the card changed on the server: it is cached as answered, and whatever shows it is read again. */
export function refreshAfterChange(queryClient: QueryClient, intern: Intern) {
  queryClient.setQueryData(internQueryOptions(intern.Id).queryKey, intern);
  void queryClient.invalidateQueries({
    queryKey: internsKey,
    predicate: (query) => query.queryKey.length !== 2 || query.queryKey[1] !== intern.Id,
  });
  void queryClient.invalidateQueries({ queryKey: archiveKey });
  // The operator menu's trainee counter (features/account) lives under this key.
  void queryClient.invalidateQueries({ queryKey: ['account-stats'] });
}

/** Saves the card; the card reports a refusal itself, naming the fields. */
export function useSaveIntern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIntern,
    meta: { hasOwnErrorHandling: true },
    onSuccess: (intern) => refreshAfterChange(queryClient, intern),
  });
}

// The server names a refused field «Intern.Section.index.Field.Path» (plugins/errors.ts).
const ENTRY_PROBLEM = /^«Intern\.(\w+)\.(\d+)\.([^»]+)»:\s*(.+)$/;

/** A refused save's Info line in the card's words: the section, the entry's place and the field's label. */
export function describeSaveProblem(line: string): string {
  const match = ENTRY_PROBLEM.exec(line);
  const section = match?.[1] as InternSectionKey | undefined;
  if (!match || !section || !(section in internSections)) return line;
  const [, , index, path, message] = match;
  const label = fieldLabels[section][path!] ?? path;
  return `${internSections[section].title}, запись ${Number(index) + 1}, ${label}: ${message}`;
}
