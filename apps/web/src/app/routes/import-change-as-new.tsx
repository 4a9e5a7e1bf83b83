import { ImportChangePage } from './import-change';

/** Processing one imported row as a new trainee. */
export function ImportChangeAsNewRoute() {
  return <ImportChangePage target="new" />;
}
