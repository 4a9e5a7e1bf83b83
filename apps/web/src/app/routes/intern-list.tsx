import { InternList } from '@/features/interns/components/intern-list';

/** Operator main: the trainee list (SPEC.md §2 Trainee list). */
export function InternListRoute() {
  return <InternList />;
}
