import { useParams } from 'react-router';
import { isDictionaryCode } from '@registry/shared';
import { DictionaryList } from '@/features/dictionaries/components/dictionary-list';
import { NotFoundRoute } from './not-found';

/**
 * A dictionary of single values by its code (addresses, termination reasons). The SRO and schools have routes
 * of their own that match first, so 'organizations' never reaches here; any other code is not a page.
 */
export function DictionaryRoute() {
  const { code = '' } = useParams();
  if (!isDictionaryCode(code) || code === 'organizations') return <NotFoundRoute />;
  // A new code means a new list: its search field and dialog start afresh.
  return <DictionaryList key={code} code={code} />;
}
