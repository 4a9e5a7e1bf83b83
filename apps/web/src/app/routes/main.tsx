import { useSession } from '@/features/auth/api/get-session';
import { roleOf } from '../route-access';
import { InternListRoute } from './intern-list';
import { OfficeRoute } from './office';
import { PublicListRoute } from './public-list';

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
