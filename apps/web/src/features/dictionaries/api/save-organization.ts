import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OrganizationSchema,
  type Organization,
  type OrganizationCreateRequest,
  type OrganizationUpdateRequest,
} from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { dictionaryKey } from '@/lib/query-keys';

/**
 * A new SRO when `id` is null, else an edit of SRO `id`. A new one must pass the stricter create schema
 * (the number is required); the dialog checks that before it saves.
 */
export type SaveOrganization = {
  id: number | null;
  request: OrganizationCreateRequest | OrganizationUpdateRequest;
};

export function saveOrganization({ id, request }: SaveOrganization): Promise<Organization> {
  return id === null
    ? apiRequest('/api/v1/organizations/', { method: 'POST', body: request, schema: OrganizationSchema })
    : apiRequest(`/api/v1/organizations/${id}`, { method: 'PUT', body: request, schema: OrganizationSchema });
}

/** Saves an SRO; its dialog shows a refusal itself. */
export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrganization,
    meta: { hasOwnErrorHandling: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionaryKey('organizations') }),
  });
}
