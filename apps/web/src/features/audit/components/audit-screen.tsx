import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { PageTitle } from '@/components/page-title';
import { useExportAudit } from '../api/export-audit';
import { AuditFilters, toAuditParams } from './audit-filters';
import { useAuditParams } from './audit-params';
import { AuditTable } from './audit-table';

export const exportText = 'Выгрузить';

/**
 * 'Журнал': who looked at, exported and changed personal data, newest first, filtered by the person, the
 * action, the SRO and the period, kept in the URL; the events the filter finds are exported as .xlsx.
 */
export function AuditScreen() {
  const { filter, update } = useAuditParams();
  const exporting = useExportAudit();
  const params = toAuditParams(filter);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <PageTitle title="Журнал" />
        <Button
          variant="outlined"
          startIcon={exporting.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
          disabled={exporting.isPending}
          aria-busy={exporting.isPending}
          onClick={() => exporting.mutate(params)}
        >
          {exportText}
        </Button>
      </Box>
      <AuditFilters filter={filter} onChange={update} />
      <AuditTable params={params} isFiltered={Object.keys(params).length > 0} />
    </>
  );
}
