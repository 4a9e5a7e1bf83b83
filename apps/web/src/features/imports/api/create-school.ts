import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SchoolSchema, type School, type SchoolRequest } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { dictionaryKey } from '@/lib/query-keys';

/** `POST /api/v1/schools`: adds a school to the dictionary (operators only); a name it has already is a 409. */
export function createSchool(request: SchoolRequest): Promise<School> {
  return apiRequest('/api/v1/schools', { method: 'POST', body: request, schema: SchoolSchema });
}

/** Adds a school a row names to the dictionary; the row's review says a refusal itself. */
export function useCreateSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSchool,
    meta: { hasOwnErrorHandling: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionaryKey('schools') }),
  });
}
