import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { auditActions, formatDateTime, texts, type AuditEvent } from '@registry/shared';
import { DataTable, type Column } from '@/components/data-table';
import { registryZoneLabel } from '@/lib/date-time';
import { useAuditSearch, type AuditSearchParams } from '../api/search-audit';
import { AuditDetails, AuditObject, AuditPerson } from './audit-cells';

export const notFoundText = 'Записей, подходящих под отбор, нет';
export const emptyJournalText = 'В журнале пока нет записей';
export const moreText = 'Показать ещё';

/** The journal's times are Moscow's, whatever the viewer's zone: said once, in the column's header. */
export const timeHeader = `Время, ${registryZoneLabel}`;

const columns: Column<AuditEvent>[] = [
  { header: timeHeader, cell: (row) => formatDateTime(row.At), width: '11%' },
  { header: 'Пользователь', cell: (row) => <AuditPerson event={row} />, width: '18%' },
  { header: 'Действие', cell: (row) => auditActions.label(row.Action), width: '16%' },
  { header: 'Объект', cell: (row) => <AuditObject event={row} />, width: '12%' },
  { header: 'СРО', cell: (row) => row.Organization?.Name ?? '—', width: '16%' },
  { header: 'Подробности', cell: (row) => <AuditDetails event={row} /> },
  { header: 'Адрес', cell: (row) => row.Address ?? '—', width: '9%' },
];

type AuditTableProps = {
  params: AuditSearchParams;
  /** A filter is set: an empty answer means nothing matched rather than an empty journal. */
  isFiltered: boolean;
};

/** The journal's events, newest first, and 'Показать ещё' while older ones match. */
export function AuditTable({ params, isFiltered }: AuditTableProps) {
  const journal = useAuditSearch(params);
  const { data, isError, isPending, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage } =
    journal;

  let emptyText = isFiltered ? notFoundText : emptyJournalText;
  if (isError) emptyText = texts.listLoadFailed;

  return (
    <>
      <DataTable
        columns={columns}
        rows={isError ? undefined : data?.pages.flatMap((page) => page.Results)}
        isLoading={isPending}
        isRefreshing={isPlaceholderData}
        emptyText={emptyText}
      />
      {hasNextPage && !isError && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {moreText}
          </Button>
        </Box>
      )}
    </>
  );
}
