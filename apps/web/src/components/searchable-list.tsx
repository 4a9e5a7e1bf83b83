import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { texts } from '@registry/shared';
import { searchQueryOptions, type SearchEndpoint } from '@/lib/search-queries';
import { useListSearch } from '@/lib/use-list-search';
import { DataTable, pagedRows, type Column } from './data-table';
import { PageTitle } from './page-title';
import { Pagination } from './pagination';
import { SearchField } from './search-field';

export const nothingFoundText = 'Ничего не найдено';
export const noEntriesText = 'Записей пока нет';

type SearchableListProps<T extends { Id: number }> = {
  title: string;
  searchLabel: string;
  /** The screen's link for a search term (the route's `:query?`). */
  hrefFor: (query?: string) => string;
  endpoint: SearchEndpoint<T>;
  columns: Column<T>[];
  /** The create/edit dialog of a row, or of a new record when `row` is null; `onClose` closes it. */
  renderDialog: (row: T | null, onClose: () => void) => ReactNode;
  rowActions?: (row: T) => ReactNode;
  /** The term as the server is asked it, when the list shows values otherwise than they are kept (days). */
  searchTerm?: (term: string) => string;
};

/**
 * Every list screen of reference data: title, search kept in the URL, an add button, a paged table, and the
 * screen's dialog for the row being edited or added. A load failure opens the global error dialog (the query
 * cache does that); the table then says the list is missing.
 */
export function SearchableList<T extends { Id: number }>({
  title,
  searchLabel,
  hrefFor,
  endpoint,
  columns,
  renderDialog,
  rowActions,
  searchTerm,
}: SearchableListProps<T>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const { params, search, pageHref } = useListSearch(hrefFor);
  const query = searchTerm && params.term ? { ...params, term: searchTerm(params.term) } : params;
  const list = useQuery(searchQueryOptions(endpoint, query));
  const { data, isError } = list;

  let emptyText = params.term ? nothingFoundText : noEntriesText;
  if (isError) emptyText = texts.listLoadFailed;

  return (
    <>
      <PageTitle title={title} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <SearchField label={searchLabel} term={params.term} onSearch={search} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Добавить
        </Button>
      </Stack>
      <DataTable
        columns={columns}
        {...pagedRows(list)}
        emptyText={emptyText}
        onEdit={setEditing}
        rowActions={rowActions}
      />
      <Pagination page={params.page} totalPages={data?.TotalPages ?? 0} hrefFor={pageHref} />
      {editing && (
        // A new dialog for each row, so that its form starts from that row's values.
        <Fragment key={editing === 'new' ? 'new' : editing.Id}>
          {renderDialog(editing === 'new' ? null : editing, () => setEditing(null))}
        </Fragment>
      )}
    </>
  );
}
