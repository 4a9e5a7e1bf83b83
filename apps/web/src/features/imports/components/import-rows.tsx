import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { ImportStatus, type Import } from '@registry/shared';
import { paths } from '@/config/paths';
import { rejectedRowsUrl } from '../api/get-rejected-rows';
import { ChangeTable } from './change-table';
import { filterRows, rowCounts } from './import-row-filter';
import { ImportRowFilters, useRowFilter } from './import-row-filters';
import {
  claimedByText,
  finishedColumns,
  pendingColumns,
  putBackColumn,
  rejectedColumns,
} from './import-row-columns';
import { PutBackDialog, type PutBack } from './put-back-dialog';
import { StartProcessingButton } from './review/start-processing-button';

export const allProcessedText = 'Все записи были обработаны';
export const noRowsText = 'Записей нет';
export const rejectedRowsFileText = 'Скачать отклонённые записи (.xlsx)';
export const rejectedWithImportTitle = 'Записи, отклонённые вместе с файлом';
export const noFilteredRowsText = 'Нет записей, подходящих под отбор';

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

/** 'Отклонить всё...', and 'Начать обработку' at the first waiting row (whatever the filter shows). */
function PendingActions({ item, onRejectAll }: { item: Import; onRejectAll: () => void }) {
  const firstPending = item.Pending[0];
  return (
    <>
      <Button color="error" onClick={onRejectAll}>
        Отклонить всё...
      </Button>
      {firstPending && <StartProcessingButton importId={item.Id} firstPendingId={firstPending.Id} />}
    </>
  );
}

type ImportRowsProps = {
  item: Import;
  isOperator: boolean;
  /** The import is pending or being processed and the user an operator: its rows can be processed. */
  canProcess: boolean;
  onRejectAll: () => void;
};

/**
 * An import's rows (SPEC.md §2 Import detail): those waiting, each opening its processing, with 'Начать
 * обработку' at the first; those accepted, with the trainee each went to and who accepted it when; those
 * rejected, with why, and the book of them to download. An operator reopens a handled row to see it, and,
 * unless the file was rejected whole, puts it back to pending: 'Вернуть в обработку', 'Отменить внесение'.
 */
export function ImportRows({ item, isOperator, canProcess, onRejectAll }: ImportRowsProps) {
  const reviewHref = (row: { Id: number }) => (isOperator ? paths.importChange.href(item.Id, row.Id) : null);
  const pendingActions = canProcess && <PendingActions item={item} onRejectAll={onRejectAll} />;
  const rejectedActions = item.Rejected.length > 0 && (
    <Button href={rejectedRowsUrl(item.Id)} download startIcon={<DownloadIcon />}>
      {rejectedRowsFileText}
    </Button>
  );

  // A file rejected whole takes the rows still waiting with it: they wait for nothing any more.
  const isRejected = item.Status === ImportStatus.Rejected;
  const [putBack, setPutBack] = useState<PutBack | null>(null);
  const canPutBack = isOperator && !isRejected;
  const { filter, setFilter } = useRowFilter();
  const shown = filterRows(item, filter);
  const isFiltered = filter.state !== 'all' || filter.match !== null;
  const emptyText = (text: string) => (isFiltered ? noFilteredRowsText : text);

  return (
    <>
      <ImportRowFilters counts={rowCounts(item)} filter={filter} onChange={setFilter} />
      {shown.pending &&
        (isRejected ? (
          shown.pending.length > 0 && (
            // The reason is the file's, said once beside it under 'Основание отклонения'.
            <Section title={rejectedWithImportTitle}>
              <ChangeTable rows={shown.pending} emptyText={noRowsText} hrefOf={() => null} />
            </Section>
          )
        ) : (
          <Section title="Записи, ожидающие обработки" actions={pendingActions}>
            <ChangeTable
              rows={shown.pending}
              emptyText={emptyText(allProcessedText)}
              hrefOf={(row) => (canProcess ? paths.importChange.href(item.Id, row.Id) : null)}
              noteOf={claimedByText}
              extraColumns={pendingColumns}
            />
          </Section>
        ))}
      {shown.finished && (
        <Section title="Обработанные записи">
          <ChangeTable
            rows={shown.finished}
            emptyText={emptyText(noRowsText)}
            hrefOf={reviewHref}
            extraColumns={[
              ...finishedColumns(isOperator),
              ...(canPutBack ? [putBackColumn<Import['Finished'][number]>('undo', setPutBack)] : []),
            ]}
          />
        </Section>
      )}
      {shown.rejected && (
        <Section title="Отклонённые записи" actions={rejectedActions}>
          <ChangeTable
            rows={shown.rejected}
            emptyText={emptyText(noRowsText)}
            hrefOf={reviewHref}
            extraColumns={[
              ...rejectedColumns,
              ...(canPutBack ? [putBackColumn<Import['Rejected'][number]>('return', setPutBack)] : []),
            ]}
          />
        </Section>
      )}
      {putBack && <PutBackDialog importId={item.Id} putBack={putBack} onClose={() => setPutBack(null)} />}
    </>
  );
}
