import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import {
  ImportStatus,
  texts,
  type FinishedChange,
  type Import,
  type ImportChangePage,
  type PendingChange,
  type RejectedChange,
} from '@registry/shared';
import { Pagination } from '@/components/pagination';
import { paths } from '@/config/paths';
import { useImportChanges } from '../api/get-import-changes';
import { rejectedRowsUrl } from '../api/get-rejected-rows';
import { ChangeTable } from './change-table';
import { foldedPages, pageSections, rowCounts, unchangedText, type RowFilter } from './import-row-filter';
import { ImportRowFilters, useRowFilter } from './import-row-filters';
import {
  claimedByText,
  finishedColumns,
  pendingColumns,
  putBackColumn,
  rejectedColumns,
  unchangedColumns,
} from './import-row-columns';
import { PutBackDialog, type PutBack } from './put-back-dialog';
import { StartProcessingButton } from './review/start-processing-button';

export const allProcessedText = 'Все записи были обработаны';
export const noRowsText = 'Записей нет';
export const rejectedRowsFileText = 'Скачать отклонённые записи (.xlsx)';
export const rejectedWithImportTitle = 'Записи, отклонённые вместе с файлом';
export const noFilteredRowsText = 'Нет записей, подходящих под отбор';
export const unchangedTitle = 'Записи без изменений';
export const showUnchangedText = 'Показать';

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
  return (
    <>
      <Button color="error" onClick={onRejectAll}>
        Отклонить всё...
      </Button>
      {item.FirstPendingId !== null && (
        <StartProcessingButton importId={item.Id} firstPendingId={item.FirstPendingId} />
      )}
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
 * The rows still waiting, each opening its processing, with 'Начать обработку' at the first; under the file's
 * rejection, when it was rejected whole.
 */
function PendingSection({
  item,
  isOperator,
  canProcess,
  onRejectAll,
  rows,
  emptyText,
}: ImportRowsProps & { rows: PendingChange[]; emptyText: string }) {
  // A file rejected whole takes the rows still waiting with it: they wait for nothing any more.
  if (item.Status === ImportStatus.Rejected) {
    return (
      rows.length > 0 && (
        // The reason is the file's, said once beside it under 'Основание отклонения'.
        <Section title={rejectedWithImportTitle}>
          <ChangeTable rows={rows} emptyText={noRowsText} hrefOf={() => null} />
        </Section>
      )
    );
  }
  const pendingActions = canProcess && <PendingActions item={item} onRejectAll={onRejectAll} />;
  return (
    <Section title="Записи, ожидающие обработки" actions={pendingActions}>
      <ChangeTable
        rows={rows}
        emptyText={emptyText}
        hrefOf={(row) => (canProcess ? paths.importChange.href(item.Id, row.Id) : null)}
        noteOf={claimedByText}
        // How a row meets the register is the operators' to know, not the SRO's.
        extraColumns={isOperator ? pendingColumns : []}
      />
    </Section>
  );
}

type RowSectionsProps = ImportRowsProps & {
  filter: RowFilter;
  counts: ReturnType<typeof rowCounts>;
  rowPage: ImportChangePage;
};

/** The unchanged rows folded under the others in «Все»: how many, and the way to their own filter. */
function FoldedUnchanged({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography>{unchangedText(count)}</Typography>
        <Button onClick={onShow}>{showUnchangedText}</Button>
      </Stack>
    </Paper>
  );
}

/**
 * A page of an import's rows in their sections (docs/screens.md#import-detail): those waiting, each opening
 * its processing, with 'Начать обработку' at the first; those accepted, with the trainee each went to and who
 * accepted it when; those rejected, with why, and the book of them to download. A page goes on from one
 * section to the next; a section none of whose rows is on the page is left out, and one with no rows at all
 * says so on every page. An operator reopens a handled row to see it, and, unless the file was rejected
 * whole, puts it back to pending: 'Вернуть в обработку', 'Отменить внесение'. The unchanged rows (no one's
 * work) are listed under their own filter, each with its state and, for an operator, its trainee; «Все» folds
 * them into one line under the others (ImportRows).
 */
function RowSections({
  item,
  isOperator,
  canProcess,
  onRejectAll,
  filter,
  counts,
  rowPage,
}: RowSectionsProps) {
  const [putBack, setPutBack] = useState<PutBack | null>(null);
  const reviewHref = (row: { Id: number }) => (isOperator ? paths.importChange.href(item.Id, row.Id) : null);
  const rejectedActions = item.StateCounts.rejected > 0 && (
    <Button href={rejectedRowsUrl(item.Id)} download startIcon={<DownloadIcon />}>
      {rejectedRowsFileText}
    </Button>
  );

  const canPutBack = isOperator && item.Status !== ImportStatus.Rejected;
  const isFiltered = filter.state !== 'all' || filter.match !== null;
  const emptyText = (text: string) => (isFiltered ? noFilteredRowsText : text);
  const { rows, isShown } = pageSections(filter, rowPage, counts.states);

  return (
    <>
      {isShown('pending') && (
        <PendingSection
          item={item}
          isOperator={isOperator}
          canProcess={canProcess}
          onRejectAll={onRejectAll}
          rows={rows.pending}
          emptyText={emptyText(allProcessedText)}
        />
      )}
      {isShown('finished') && (
        <Section title="Обработанные записи">
          <ChangeTable
            rows={rows.finished}
            emptyText={emptyText(noRowsText)}
            hrefOf={reviewHref}
            extraColumns={[
              ...finishedColumns(isOperator),
              ...(canPutBack ? [putBackColumn<FinishedChange>('undo', setPutBack)] : []),
            ]}
          />
        </Section>
      )}
      {isShown('rejected') && (
        <Section title="Отклонённые записи" actions={rejectedActions}>
          <ChangeTable
            rows={rows.rejected}
            emptyText={emptyText(noRowsText)}
            hrefOf={reviewHref}
            extraColumns={[
              ...rejectedColumns,
              ...(canPutBack ? [putBackColumn<RejectedChange>('return', setPutBack)] : []),
            ]}
          />
        </Section>
      )}
      {isShown('unchanged') && (
        <Section title={unchangedTitle}>
          <ChangeTable
            rows={rows.unchanged}
            emptyText={emptyText(noRowsText)}
            extraColumns={unchangedColumns(isOperator)}
          />
        </Section>
      )}
      {putBack && <PutBackDialog importId={item.Id} putBack={putBack} onClose={() => setPutBack(null)} />}
    </>
  );
}

type RowsPageProps = RowSectionsProps & {
  page: number;
  pageHref: (page: number) => string;
  onShowUnchanged: () => void;
};

/** A page of rows, the folded unchanged ones under the last page of «Все», and the links to the pages. */
function RowsPage({ page, pageHref, onShowUnchanged, ...props }: RowsPageProps) {
  const { filter, counts, rowPage } = props;
  const folded = foldedPages(filter, rowPage, counts.states.unchanged);
  return (
    <>
      <RowSections {...props} />
      {folded.isFoldedLineShown && (
        <FoldedUnchanged count={counts.states.unchanged} onShow={onShowUnchanged} />
      )}
      <Pagination page={page} totalPages={folded.totalPages} hrefFor={pageHref} />
    </>
  );
}

/**
 * An import's rows, a page at a time under the filter kept in the page's URL, with the filters' counts and
 * the page links. In «Все» the unchanged rows, the server's last, are folded: the pages are the other rows',
 * and under the last of them one line counts the unchanged and shows them under their own filter.
 */
export function ImportRows(props: ImportRowsProps) {
  const { filter: asked, setFilter, page, pageHref } = useRowFilter();
  // The matches are the operators': a representative's link with `?match=` shows every row.
  const filter = props.isOperator ? asked : { ...asked, match: null };
  const changes = useImportChanges(props.item.Id, filter, page);
  const { states, matches } = rowCounts(props.item);
  const counts = { states, matches: props.isOperator ? matches : null };

  return (
    <>
      <ImportRowFilters counts={counts} filter={filter} onChange={setFilter} />
      {changes.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Загрузка" />
        </Box>
      ) : changes.isError ? (
        // The global error dialog has said why.
        <Typography color="text.secondary">{texts.listLoadFailed}</Typography>
      ) : (
        <RowsPage
          {...props}
          filter={filter}
          counts={counts}
          rowPage={changes.data}
          page={page}
          pageHref={pageHref}
          onShowUnchanged={() => setFilter({ state: 'unchanged', match: null })}
        />
      )}
    </>
  );
}
