import { UnderConstruction } from '@/components/under-construction';

/** The SRO dictionary. */
export function OrganizationsRoute() {
  return <UnderConstruction title="СРО" />;
}
