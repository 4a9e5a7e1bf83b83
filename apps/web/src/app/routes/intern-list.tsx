import { UnderConstruction } from '@/components/under-construction';

/** Operator main: the trainee list (SPEC.md §2 Trainee list). */
export function InternListRoute() {
  return <UnderConstruction title="Список стажёров" />;
}
