import { DictionaryList } from '@/features/dictionaries/components/dictionary-list';

/** The schools dictionary. */
export function SchoolsRoute() {
  return <DictionaryList code="schools" />;
}
