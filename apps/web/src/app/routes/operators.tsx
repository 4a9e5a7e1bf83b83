import { UnderConstruction } from '@/components/under-construction';

/** The operators list with its create/edit dialog. */
export function OperatorsRoute() {
  return <UnderConstruction title="Операторы" />;
}
