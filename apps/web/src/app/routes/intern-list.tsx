import { InternList } from '@/features/interns/components/intern-list';

/** Operator main: the trainee list (docs/screens.md#trainee-lists). */
export function InternListRoute() {
  return <InternList />;
}
