import { useSession } from '@/features/auth/api/get-session';
import { roleOf } from '../route-access';
import { lazyScreen } from './lazy-screen';
import { PublicListRoute } from './public-list';

// The operator's list and the SRO's office load on demand: the anonymous main page needs neither.
const InternListRoute = lazyScreen(() => import('./intern-list'), 'InternListRoute');
const OfficeRoute = lazyScreen(() => import('./office'), 'OfficeRoute');

/** Main (/ and /interns) shows each role its own start: trainee list, upload page or public list. */
export function MainRoute() {
  const { data: session } = useSession();
  switch (roleOf(session)) {
    case 'operator':
      return <InternListRoute />;
    case 'organization':
      return <OfficeRoute />;
    case 'anonymous':
      return <PublicListRoute />;
  }
}
