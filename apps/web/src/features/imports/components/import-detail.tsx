import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ImportStatus, type Import } from '@registry/shared';
import type { Column } from '@/components/data-table';
import { paths } from '@/config/paths';
import { useImport } from '../api/get-import';
import { fileUrls } from '../api/get-import-file';
import { ChangeTable } from './change-table';
import { EditImportDialog } from './edit-import-dialog';
import { ImportDocuments, rejectionFileText } from './import-documents';
import { ImportHeader } from './import-header';
import { RejectImportDialog } from './reject-import-dialog';

export const allProcessedText = 'Все записи были обработаны';
export const noRowsText = 'Записей нет';
const loadFailedText = 'Не удалось загрузить импорт';

type RejectedRow = Import['Rejected'][number];

const rejectedColumns: Column<RejectedRow>[] = [
  { header: 'Основание отклонения', cell: (row) => row.RejectionReason },
  {
    header: 'Файл',
    cell: (row) =>
      row.RejectionId !== null && (
        <MuiLink href={fileUrls.rejection(row.RejectionId)} download>
          {rejectionFileText}
        </MuiLink>
      ),
  },
];

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {actions && (
          <Stack direction="row" spacing={1}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

type ImportDetailProps = { id: number; isOperator: boolean };

/**
 * An import's page (SPEC.md §2 Import detail): its header, the rows still to process, the processed and the
 * rejected ones, its documents. Operators edit its requisites, start processing, or reject it whole while it
 * is pending or being processed; an SRO representative only reads.
 */
export function ImportDetail({ id, isOperator }: ImportDetailProps) {
  const navigate = useNavigate();
  const { data: item, isPending, isError } = useImport(id);
  const [dialog, setDialog] = useState<'edit' | 'reject' | null>(null);

  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Загрузка" />
      </Box>
    );
  }
  // The global error dialog has said why.
  if (isError) return <Typography color="text.secondary">{loadFailedText}</Typography>;

  const canProcess =
    isOperator && (item.Status === ImportStatus.Pending || item.Status === ImportStatus.BeingProcessed);
  const firstPending = item.Pending[0];
  const pendingActions = canProcess && (
    <>
      <Button color="error" onClick={() => setDialog('reject')}>
        Отклонить всё...
      </Button>
      {firstPending && (
        <Button variant="contained" component={Link} to={paths.importChange.href(item.Id, firstPending.Id)}>
          Начать обработку
        </Button>
      )}
    </>
  );

  return (
    <>
      <ImportHeader item={item} onEdit={isOperator ? () => setDialog('edit') : undefined} />
      {item.Notices.length > 0 && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <AlertTitle>Замечания к файлу</AlertTitle>
          {item.Notices.map((notice) => (
            <div key={notice}>{notice}</div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' }, gap: 3 }}>
        <div>
          <Section title="Записи, ожидающие обработки" actions={pendingActions}>
            <ChangeTable
              rows={item.Pending}
              emptyText={allProcessedText}
              hrefOf={(row) => (canProcess ? paths.importChange.href(item.Id, row.Id) : null)}
            />
          </Section>
          <Section title="Обработанные записи">
            <ChangeTable
              rows={item.Finished}
              emptyText={noRowsText}
              hrefOf={(row) =>
                isOperator && row.InternId !== null ? paths.internCard.href(row.InternId) : null
              }
            />
          </Section>
          <Section title="Отклонённые записи">
            <ChangeTable rows={item.Rejected} emptyText={noRowsText} extraColumns={rejectedColumns} />
          </Section>
        </div>
        <div>
          <ImportDocuments item={item} />
        </div>
      </Box>
      {dialog === 'edit' && <EditImportDialog item={item} onClose={() => setDialog(null)} />}
      {dialog === 'reject' && (
        <RejectImportDialog
          importId={item.Id}
          onClose={() => setDialog(null)}
          onRejected={() => void navigate(paths.imports.href())}
        />
      )}
    </>
  );
}
