import Stack from '@mui/material/Stack';
import { internStatuses, texts, type InternListItem, type InternStatus } from '@registry/shared';
import { DataTable, pagedRows, type Column } from '@/components/data-table';
import { DeletedChip } from '@/components/deleted-chip';
import { CappedPagination } from '@/components/capped-pagination';
import { useInternSearch, type InternSearchParams } from '../api/search-interns';
import { RegistrationNumbers } from './registration-numbers';

export const notFoundText = 'Стажёры не найдены';
export const emptyRegistryText = 'В реестре пока нет стажёров';
export const noDeletedText = 'Удалённые стажёры не найдены';

const columns: Column<InternListItem>[] = [
  { header: 'ФИО', cell: (row) => row.FullName, width: '35%' },
  { header: 'СРО', cell: (row) => <RegistrationNumbers numbers={row.RegistrationNumbers} /> },
  {
    header: 'Статус',
    // A deleted trainee is found only under 'Удалённые'; the chip says so beside its status.
    cell: (row) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <span>{internStatuses.label(row.Status as InternStatus)}</span>
        {row.IsDeleted && <DeletedChip />}
      </Stack>
    ),
    width: '20%',
  },
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
  const list = useInternSearch(search);
  const { data, isError } = list;

  let emptyText = isFiltered ? notFoundText : emptyRegistryText;
  if (search.deleted) emptyText = noDeletedText;
  if (isError) emptyText = texts.listLoadFailed;

  return (
    <>
      <DataTable columns={columns} {...pagedRows(list)} emptyText={emptyText} rowHref={rowHref} />
      <CappedPagination page={search.page} pages={data} hrefFor={pageHref} narrowBy={texts.narrowTrainees} />
    </>
  );
}
