import { useSession } from '@/features/auth/api/get-session';
import { ImportList } from '@/features/imports/components/import-list';

/**
 * The import list; operators and SRO representatives see it in their own reading
 * (docs/screens.md#import-list).
 */
export function ImportListRoute() {
  const { data: session } = useSession();
  return <ImportList reading={session.IsOperator ? 'operator' : 'organization'} />;
}
