import { useCallback, useMemo } from 'react';
import { dictionaryTitles, formatDate, type DictionaryEntry } from '@registry/shared';
import type { Column } from '@/components/data-table';
import { SearchableList } from '@/components/searchable-list';
import { paths } from '@/config/paths';
import { dictionaryEndpoint } from '@/lib/search-queries';
import { DictionaryEntryDialog } from './dictionary-entry-dialog';
import { entryTextsOf, type EntryDictionaryCode } from './entry-texts';

/** A day as typed in a search, yyyy.MM.dd or part of it, as the server keeps days: yyyy-MM-dd. */
const toStoredDay = (term: string) => term.replace(/(\d)\.(?=\d)/g, '$1-');

/**
 * A dictionary of single values: schools, addresses, termination reasons, holidays (days, shown yyyy.MM.dd).
 * Schools are read and written through the dictionary routes too, which the server maps onto the schools table.
 */
export function DictionaryList({ code }: { code: EntryDictionaryCode }) {
  const words = entryTextsOf(code);
  const hrefFor = useCallback((query?: string) => paths.dictionary.href(code, query), [code]);
  const endpoint = useMemo(() => dictionaryEndpoint(code), [code]);
  const columns: Column<DictionaryEntry>[] = [
    { header: words.label, cell: (entry) => (words.isDate ? formatDate(entry.Value) : entry.Value) },
  ];

  return (
    <SearchableList
      title={dictionaryTitles[code]}
      searchLabel={words.searchLabel}
      hrefFor={hrefFor}
      endpoint={endpoint}
      searchTerm={words.isDate ? toStoredDay : undefined}
      columns={columns}
      renderDialog={(entry, onClose) => <DictionaryEntryDialog code={code} entry={entry} onClose={onClose} />}
    />
  );
}
