import type { SessionInfo } from '@registry/shared';
import { paths } from '@/config/paths';

/**
 * Who may open a route (docs/screens.md#who-may-open-a-route): `anyone`; `guest`, only a visitor who is not
 * logged in (the login page); `member`, any logged-in user (operator or organization); `operator`;
 * `organization`.
 */
export type RouteRequirement = 'anyone' | 'guest' | 'member' | 'operator' | 'organization';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export type Role = 'anonymous' | 'operator' | 'organization';

/** The session's role: operators have no organization, everyone else logged in represents one. */
export function roleOf(session: SessionInfo): Role {
  if (!session.IsAuthenticated) return 'anonymous';
  return session.IsOperator ? 'operator' : 'organization';
}

/** Where a user starts after logging in: an SRO representative in their office (/lk), anyone else on main. */
export function startPageOf(session: SessionInfo): string {
  return roleOf(session) === 'organization' ? paths.office.href() : paths.main.href();
}

const allow: AccessDecision = { kind: 'allow' };
const redirect = (to: string): AccessDecision => ({ kind: 'redirect', to });

/**
 * The guard's rule: a visitor who is not logged in goes to the public registry, a logged-in user opening the
 * login page goes to their start page (main; for a representative its upload page /lk), a user lacking the
 * role goes to main. The login page relies on this: the new session makes it redirect.
 */
export function decide(requirement: RouteRequirement, session: SessionInfo): AccessDecision {
  const role = roleOf(session);
  switch (requirement) {
    case 'anyone':
      return allow;
    case 'guest':
      return role === 'anonymous' ? allow : redirect(startPageOf(session));
    case 'member':
    case 'operator':
    case 'organization':
      if (role === 'anonymous') return redirect(paths.publicList.href());
      return requirement === 'member' || requirement === role ? allow : redirect(paths.main.href());
  }
}
