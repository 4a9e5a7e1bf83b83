import type { SessionInfo } from '@registry/shared';
import { paths } from '@/config/paths';

/**
 * Who may open a route (SPEC.md §2, §6): `anyone`; `guest`, only a visitor who is not logged in (the login
 * page); `member`, any logged-in user (operator or organization); `operator`; `organization`.
 */
export type RouteRequirement = 'anyone' | 'guest' | 'member' | 'operator' | 'organization';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export type Role = 'anonymous' | 'operator' | 'organization';

/** The session's role: operators have no organization, everyone else logged in represents one. */
export function roleOf(session: SessionInfo): Role {
  if (!session.IsAuthenticated) return 'anonymous';
  return session.IsOperator ? 'operator' : 'organization';
}

const allow: AccessDecision = { kind: 'allow' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/**
 * The guard's rule: a visitor who is not logged in goes to the public registry, a logged-in user opening the
 * login page goes to main, a user lacking the role goes to main.
 */
export function decide(requirement: RouteRequirement, session: SessionInfo): AccessDecision {
  const role = roleOf(session);
  switch (requirement) {
    case 'anyone':
      return allow;
    case 'guest':
      return role === 'anonymous' ? allow : redirect(paths.main.href());
    case 'member':
    case 'operator':
    case 'organization':
      if (role === 'anonymous') return redirect(paths.publicList.href());
      return requirement === 'member' || requirement === role ? allow : redirect(paths.main.href());
  }
}
