import Alert from '@mui/material/Alert';
import {
  internStatuses,
  MAX_LIST_PAGES,
  texts,
  type InternListItem,
  type InternStatus,
} from '@registry/shared';
import { DataTable, type Column } from '@/components/data-table';
import { Pagination } from '@/components/pagination';
import { loadFailedText } from '@/components/searchable-list';
import { useInternSearch, type InternSearchParams } from '../api/search-interns';
import { RegistrationNumbers } from './registration-numbers';

export const notFoundText = 'Стажёры не найдены';
export const emptyRegistryText = 'В реестре пока нет стажёров';

const columns: Column<InternListItem>[] = [
  { header: 'ФИО', cell: (row) => row.FullName, width: '35%' },
  { header: 'СРО', cell: (row) => <RegistrationNumbers numbers={row.RegistrationNumbers} /> },
  { header: 'Статус', cell: (row) => internStatuses.label(row.Status as InternStatus), width: '20%' },
];

type InternResultsProps = {
  search: InternSearchParams;
  /** The list is narrowed by a term or a filter: an empty answer means nothing was found. */
  isFiltered: boolean;
  rowHref: (row: InternListItem) => string;
  pageHref: (page: number) => string;
};

/** The table of trainees found and its pages; a load failure opens the global error dialog. */
export function InternResults({ search, isFiltered, rowHref, pageHref }: InternResultsProps) {
  const { data, isPending, isError, isPlaceholderData } = useInternSearch(search);

  let emptyText = isFiltered ? notFoundText : emptyRegistryText;
  if (isError) emptyText = loadFailedText;

  return (
    <>
      <DataTable
        columns={columns}
        rows={isError ? undefined : data?.Results}
        isLoading={isPending}
        isRefreshing={isPlaceholderData}
        emptyText={emptyText}
        rowHref={rowHref}
      />
      <Pagination
        page={search.page}
        totalPages={data?.TotalPages ?? 0}
        hasMore={data?.HasMore}
        hrefFor={pageHref}
      />
      {data?.IsCapped && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {texts.listCapped(MAX_LIST_PAGES)}
        </Alert>
      )}
    </>
  );
}
