import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SessionInfoSchema, type LoginRequest, type SessionInfo } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryOptions } from './get-session';

export function login(request: LoginRequest): Promise<SessionInfo> {
  return apiRequest('/api/v1/account/login', { method: 'POST', body: request, schema: SessionInfoSchema });
}

/** Logs in and stores the new session; the form shows its own message on failure. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { hasOwnErrorHandling: true },
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, session);
    },
  });
}
