import { UnderConstruction } from '@/components/under-construction';

/** Processing one imported row against a trainee the operator chose. */
export function ImportChangeForInternRoute() {
  return <UnderConstruction title="Обработка записи" />;
}
