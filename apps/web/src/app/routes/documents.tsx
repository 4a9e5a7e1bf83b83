import { UnderConstruction } from '@/components/under-construction';

/** Search over change documents. */
export function DocumentsRoute() {
  return <UnderConstruction title="Документы" />;
}
