import { useParams } from 'react-router';
import { IdSchema } from '@registry/shared';
import { useSession } from '@/features/auth/api/get-session';
import { ImportDetail } from '@/features/imports/components/import-detail';
import { NotFoundRoute } from './not-found';

/** One import: its files, pending, processed and rejected rows (docs/screens.md#import-detail). */
export function ImportDetailRoute() {
  const { data: session } = useSession();
  const id = IdSchema.safeParse(useParams().id);
  if (!id.success) return <NotFoundRoute />;
  // Another import is another page: its dialogs start closed.
  return <ImportDetail key={id.data} id={id.data} isOperator={session.IsOperator} />;
}
