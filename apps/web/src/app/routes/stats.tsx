import { StatsScreen } from '@/features/stats/components/stats-screen';

/** Statistics per SRO over a period. */
export function StatsRoute() {
  return <StatsScreen />;
}
