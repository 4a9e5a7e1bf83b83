import { useParams } from 'react-router';
import { IdSchema } from '@registry/shared';
import { ImportChangePage } from './import-change';

/** Processing one imported row against a trainee the operator chose. */
export function ImportChangeForInternRoute() {
  const internId = IdSchema.safeParse(useParams().internId);
  return <ImportChangePage target={internId.success ? internId.data : null} />;
}
