import { OrganizationList } from '@/features/dictionaries/components/organization-list';

/** The SRO dictionary. */
export function OrganizationsRoute() {
  return <OrganizationList />;
}
