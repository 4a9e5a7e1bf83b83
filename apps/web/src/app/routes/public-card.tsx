import { UnderConstruction } from '@/components/under-construction';

/** A trainee's read-only public card. */
export function PublicCardRoute() {
  return <UnderConstruction title="Карточка стажёра" />;
}
