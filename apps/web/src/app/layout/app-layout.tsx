import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useSession } from '@/features/auth/api/get-session';
import { roleOf } from '../route-access';
import { PublicShell } from './public-shell';

// The operator's side menu loads when an operator signs in: the public pages never show it
// (docs/benchmarks.md, «First load»).
const OperatorShell = lazy(async () => ({ default: (await import('./operator-shell')).OperatorShell }));

function Shell() {
  const { data: session } = useSession();
  if (roleOf(session) === 'operator') {
    return (
      <OperatorShell>
        <Outlet />
      </OperatorShell>
    );
  }
  return (
    <PublicShell session={session}>
      <Outlet />
    </PublicShell>
  );
}

/** The root route: a spinner until the session and the user's shell are known, then that shell. */
export function AppLayout() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Shell />
    </Suspense>
  );
}
