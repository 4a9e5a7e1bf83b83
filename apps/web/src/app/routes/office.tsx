import { UnderConstruction } from '@/components/under-construction';

/** An SRO representative's office: upload of change files and their imports. */
export function OfficeRoute() {
  return <UnderConstruction title="Внесение изменений" />;
}
