import { UnderConstruction } from '@/components/under-construction';

/** Statistics per organization over a period. */
export function StatsRoute() {
  return <UnderConstruction title="Статистика" />;
}
