import { UnderConstruction } from '@/components/under-construction';

/** One import: its files, pending, processed and rejected rows. */
export function ImportDetailRoute() {
  return <UnderConstruction title="Просмотр импорта" />;
}
