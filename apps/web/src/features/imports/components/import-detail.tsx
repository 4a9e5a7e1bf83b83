import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ImportStatus } from '@registry/shared';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useImport } from '../api/get-import';
import { EditImportDialog } from './edit-import-dialog';
import { ImportDocuments } from './import-documents';
import { ImportHeader } from './import-header';
import { ImportMails } from './import-mails';
import { ImportRows } from './import-rows';
import { RejectImportDialog } from './reject-import-dialog';

const loadFailedText = 'Не удалось загрузить импорт';

type ImportDetailProps = { id: number; isOperator: boolean };

/**
 * An import's page (docs/screens.md#import-detail): its header, the rows still to process, the processed and
 * the rejected ones, its documents. Operators edit its requisites, start processing, or reject it whole while
 * it is pending or being processed; an SRO representative only reads.
 */
export function ImportDetail({ id, isOperator }: ImportDetailProps) {
  const navigate = useNavigate();
  const query = useImport(id);
  const [dialog, setDialog] = useState<'edit' | 'reject' | null>(null);

  if (query.isPending || query.isError) {
    return (
      <QueryState query={query} failure={<Typography color="text.secondary">{loadFailedText}</Typography>} />
    );
  }
  const item = query.data;

  const canProcess =
    isOperator && (item.Status === ImportStatus.Pending || item.Status === ImportStatus.BeingProcessed);

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
          <ImportRows
            item={item}
            isOperator={isOperator}
            canProcess={canProcess}
            onRejectAll={() => setDialog('reject')}
          />
        </div>
        <div>
          <ImportDocuments item={item} />
          <ImportMails mails={item.Mails} />
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
