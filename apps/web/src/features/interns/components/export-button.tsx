import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useExportInterns, type InternExportParams } from '../api/export-interns';

type ExportButtonProps = { params: InternExportParams; hasRows: boolean };

/** 'Выгрузить': the list's trainees as .xlsx; a spinner while the file comes, a dialog if it fails. */
export function ExportButton({ params, hasRows }: ExportButtonProps) {
  const exporting = useExportInterns();
  return (
    <Button
      variant="outlined"
      startIcon={exporting.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
      disabled={!hasRows || exporting.isPending}
      aria-busy={exporting.isPending}
      onClick={() => exporting.mutate(params)}
    >
      Выгрузить
    </Button>
  );
}
