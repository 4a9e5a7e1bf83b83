import Button from '@mui/material/Button';
import { texts, type BasisDocument } from '@registry/shared';
import { DataTable, pagedRows, type Column } from '@/components/data-table';
import { CappedPagination } from '@/components/capped-pagination';
import { useDocumentSearch, type DocumentSearchParams } from '../api/search-documents';
import { DocumentInterns, DocumentSource, documentTitle, outgoingText } from './document-cells';

export const notFoundText = 'Документы не найдены';
export const noDocumentsText = 'Изменения в реестр пока не вносились';
export const changesButtonText = 'Изменения';

const columns: Column<BasisDocument>[] = [
  { header: 'Документ', cell: documentTitle, width: '16%' },
  { header: 'Исходящий', cell: outgoingText, width: '16%' },
  { header: 'СРО', cell: (row) => row.Organization?.Name ?? '—', width: '20%' },
  { header: 'Источник', cell: (row) => <DocumentSource document={row} />, width: '12%' },
  { header: 'Стажёры', cell: (row) => <DocumentInterns document={row} /> },
];

type DocumentTableProps = {
  search: DocumentSearchParams;
  /** The search is narrowed by a term or a period: an empty answer means nothing was found. */
  isFiltered: boolean;
  pageHref: (page: number) => string;
  onOpen: (document: BasisDocument) => void;
};

/** The basis documents found, with a button per row that opens its changes, and the pages. */
export function DocumentTable({ search, isFiltered, pageHref, onOpen }: DocumentTableProps) {
  const list = useDocumentSearch(search);
  const { data, isError } = list;

  let emptyText = isFiltered ? notFoundText : noDocumentsText;
  if (isError) emptyText = texts.listLoadFailed;

  const renderActions = (row: BasisDocument) => (
    <Button
      size="small"
      aria-label={`${changesButtonText}: ${documentTitle(row)}`}
      onClick={() => onOpen(row)}
    >
      {changesButtonText}
    </Button>
  );

  return (
    <>
      <DataTable columns={columns} {...pagedRows(list)} emptyText={emptyText} rowActions={renderActions} />
      <CappedPagination page={search.page} pages={data} hrefFor={pageHref} narrowBy={texts.narrowDocuments} />
    </>
  );
}
