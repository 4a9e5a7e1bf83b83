import { UnderConstruction } from '@/components/under-construction';

/** Processing one imported row against the matched trainee. */
export function ImportChangeRoute() {
  return <UnderConstruction title="Обработка записи" />;
}
