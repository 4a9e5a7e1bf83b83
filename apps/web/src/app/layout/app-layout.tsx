import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useSession } from '@/features/auth/api/get-session';
import { roleOf } from '../route-access';
import { OperatorShell } from './operator-shell';
import { PublicShell } from './public-shell';

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

/** The root route: a spinner until the session is known, then the shell that fits the user's role. */
export function AppLayout() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Shell />
    </Suspense>
  );
}
