import { UnderConstruction } from '@/components/under-construction';

/** The schools dictionary. */
export function SchoolsRoute() {
  return <UnderConstruction title="Учебные заведения" />;
}
