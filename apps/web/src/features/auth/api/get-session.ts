import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@registry/shared';
import { apiRequestUnchecked } from '@/lib/api-client';

/** The session of a visitor who is not logged in. */
export const anonymousSession: SessionInfo = {
  IsAuthenticated: false,
  IsOperator: false,
  Organization: null,
  FullName: null,
};

/**
 * `GET /api/v1/account`. Every page asks it first, so it is read without zod, which then stays out of the public
 * pages' first load; the server has checked the answer against SessionInfoSchema (api-client.ts).
 */
export function getSession(): Promise<SessionInfo> {
  return apiRequestUnchecked('/api/v1/account');
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: getSession,
    // Login and logout write the session into the cache; refetching is only for a session that expired.
    staleTime: 5 * 60_000,
  });

/** Who is using the app. Suspends until known: the app shows its spinner meanwhile. */
export function useSession() {
  return useSuspenseQuery(sessionQueryOptions());
}

/**
 * Asks the server who the user is again, as when a call answered 401 because the session expired: the guards
 * then see an anonymous visitor and send them to the public registry.
 */
export function refreshSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
}
