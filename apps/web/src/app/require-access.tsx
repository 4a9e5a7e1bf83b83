import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/features/auth/api/get-session';
import { decide, type RouteRequirement } from './route-access';

/** Layout route that renders its children only for those the requirement lets in, else redirects. */
export function RequireAccess({ requirement }: { requirement: RouteRequirement }) {
  const { data: session } = useSession();
  const decision = decide(requirement, session);
  return decision.kind === 'allow' ? <Outlet /> : <Navigate to={decision.to} replace />;
}
