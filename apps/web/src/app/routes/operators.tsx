import { OperatorList } from '@/features/operators/components/operator-list';

/** The operators list with its create/edit dialog. */
export function OperatorsRoute() {
  return <OperatorList />;
}
