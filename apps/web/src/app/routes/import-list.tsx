import { UnderConstruction } from '@/components/under-construction';
import { useSession } from '@/features/auth/api/get-session';

/** The import list; operators and SRO representatives see it under different titles (SPEC.md §2). */
export function ImportListRoute() {
  const { data: session } = useSession();
  return <UnderConstruction title={session.IsOperator ? 'Импорт' : 'Внесение изменений'} />;
}
