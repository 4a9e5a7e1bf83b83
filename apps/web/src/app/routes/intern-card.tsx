import { useParams } from 'react-router';
import { UnderConstruction } from '@/components/under-construction';

/** A trainee's card for operators; the id `new` starts a new trainee. */
export function InternCardRoute() {
  const { id } = useParams();
  return <UnderConstruction title={id === 'new' ? 'Новый стажёр' : 'Карточка стажёра'} />;
}
