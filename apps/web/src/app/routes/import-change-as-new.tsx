import { UnderConstruction } from '@/components/under-construction';

/** Processing one imported row as a new trainee. */
export function ImportChangeAsNewRoute() {
  return <UnderConstruction title="Внесение нового стажёра" />;
}
