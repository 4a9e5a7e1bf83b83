import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { anonymousSession, sessionQueryOptions } from './get-session';

export function logout(): Promise<void> {
  return apiRequest('/api/v1/account/logout', { method: 'POST' });
}

/** Logs out, forgets everything cached for the user and opens the public registry. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      const sessionKey = sessionQueryOptions().queryKey;
      // The session entry is overwritten rather than removed: the whole app is subscribed to it.
      queryClient.setQueryData(sessionKey, anonymousSession);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      await navigate(paths.publicList.href(), { replace: true });
    },
  });
}
