import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { importTabs, texts, type ImportListItem, type ImportTab } from '@registry/shared';
import { formatRegistryDateTime } from '@/lib/date-time';
import { DataTable, pagedRows, type Column } from '@/components/data-table';
import { PageTitle } from '@/components/page-title';
import { Pagination } from '@/components/pagination';
import { paths } from '@/config/paths';
import { useImportList } from '../api/get-imports';
import { ChangeFileButton } from './change-file-button';
import { CellNote, StatusText, TimeLeftText } from './import-cells';
import { rejectionsNote, requisitesText, unprocessedText, uploadedText } from './import-format';
import { useImportListParams } from './import-list-params';
import { UploadDialog } from './upload-dialog';
import type { UploadReading } from './upload-rules';

export const emptyImportsText = 'В данный момент файлов, ожидающих обработки, нет.';
export const byRepresentativeNote = 'загружено представителем организации';

const operatorColumns: Column<ImportListItem>[] = [
  {
    header: 'СРО',
    cell: (row) => (
      <>
        {row.Organization.Name}
        {row.ImportedBy.Organization && <CellNote>{byRepresentativeNote}</CellNote>}
      </>
    ),
  },
  {
    header: 'Осталось на внесение',
    cell: (row) => <TimeLeftText status={row.Status} expiresInDays={row.ExpiresInDays} />,
  },
  { header: 'Реквизиты документа', cell: (row) => requisitesText(row.Requisites) || '—' },
  {
    header: 'Файл',
    cell: (row) => (
      <>
        {row.FileName}
        <CellNote>{uploadedText(row.ImportedAt)}</CellNote>
      </>
    ),
  },
  {
    header: 'Необработанные записи',
    cell: (row) => {
      const note = rejectionsNote(row.RejectedCount);
      return (
        <>
          {unprocessedText(row)}
          {note && <CellNote>{note}</CellNote>}
        </>
      );
    },
  },
];

const organizationColumns: Column<ImportListItem>[] = [
  { header: 'Дата загрузки', cell: (row) => formatRegistryDateTime(row.ImportedAt) },
  { header: 'Файл', cell: (row) => row.FileName },
  {
    header: 'Статус',
    cell: (row) => <StatusText status={row.Status} rejectedCount={row.RejectedCount} />,
  },
];

const tabs = Object.keys(importTabs) as ImportTab[];

type ImportListProps = {
  /** Operators see every SRO's imports and upload for any SRO; a representative, its own SRO's. */
  reading: UploadReading;
  /** Opened at /imports/upload: the list with the upload dialog over it. */
  isUploadOpen?: boolean;
};

/**
 * The import list (docs/screens.md#import-list): the tabs by status, a page of imports, and the upload
 * dialog. After an upload a list on the processed or rejected tab moves to the pending one, where the new
 * import is; any other tab refreshes in place.
 */
export function ImportList({ reading, isUploadOpen = false }: ImportListProps) {
  const { params, showTab, pageHref, leaveUpload } = useImportListParams();
  const [isUploading, setIsUploading] = useState(isUploadOpen);
  const list = useImportList(params.tab, params.page);
  const { data, isError } = list;

  const handleUploadClose = () => {
    setIsUploading(false);
    leaveUpload();
  };
  const handleUploaded = () => {
    setIsUploading(false);
    if (params.tab === 'completed' || params.tab === 'rejected') showTab('pending');
    else leaveUpload();
  };

  return (
    <>
      {/* The buttons wrap under the title on a narrow screen rather than leave it sideways. */}
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <PageTitle title={reading === 'operator' ? 'Импорт' : 'Внесение изменений'} />
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <ChangeFileButton reading={reading} />
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setIsUploading(true)}>
            Загрузить файл
          </Button>
        </Stack>
      </Stack>
      <Tabs
        value={params.tab}
        onChange={(_event, tab: ImportTab) => showTab(tab)}
        aria-label="Состояние импорта"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {tabs.map((tab) => (
          <Tab key={tab} value={tab} label={importTabs[tab].title} />
        ))}
      </Tabs>
      <DataTable
        columns={reading === 'operator' ? operatorColumns : organizationColumns}
        {...pagedRows(list)}
        emptyText={isError ? texts.listLoadFailed : emptyImportsText}
        rowHref={(row) => paths.importDetail.href(row.Id)}
      />
      <Pagination page={params.page} totalPages={data?.TotalPages ?? 0} hrefFor={pageHref} />
      {isUploading && (
        <UploadDialog reading={reading} onClose={handleUploadClose} onUploaded={handleUploaded} />
      )}
    </>
  );
}
