import { useParams } from 'react-router';
import { PublicInternPage } from '@/features/interns/components/public-intern-page';

/** A trainee's read-only public card, `/public/:id/:page?`. */
export function PublicCardRoute() {
  const { id = '', page } = useParams();
  return <PublicInternPage id={id} section={page} />;
}
