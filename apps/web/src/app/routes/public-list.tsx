import { PublicInternList } from '@/features/interns/components/public-intern-list';

/** The public registry: search without filters or export; rows open /public/:id. */
export function PublicListRoute() {
  return <PublicInternList />;
}
