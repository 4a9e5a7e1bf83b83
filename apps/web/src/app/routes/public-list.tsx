import { UnderConstruction } from '@/components/under-construction';

/** The public registry: search without filters or export; rows open /public/:id. */
export function PublicListRoute() {
  return <UnderConstruction title="Реестр стажёров помощников кадастровых инженеров" />;
}
