import { useParams } from 'react-router';
import { InternCard } from '@/features/intern-card/components/intern-card';
import { NotFoundRoute } from './not-found';

/** A trainee's card for operators; the id `new` starts a new trainee. */
export function InternCardRoute() {
  const { id, page } = useParams();
  const internId = id === 'new' ? 'new' : Number(id);
  if (internId !== 'new' && !(Number.isInteger(internId) && internId > 0)) return <NotFoundRoute />;
  // Keyed by the trainee, so that another trainee's card never inherits this one's unsaved changes.
  return <InternCard key={id} id={internId} page={page} />;
}
