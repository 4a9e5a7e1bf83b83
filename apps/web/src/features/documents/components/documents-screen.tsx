import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import type { BasisDocument } from '@registry/shared';
import { PageTitle } from '@/components/page-title';
import { PeriodFilter, type Period } from '@/components/period-filter';
import { SearchField } from '@/components/search-field';
import { ChangesDialog } from './changes-dialog';
import { DocumentTable } from './document-table';
import { isFiltered, toSearchParams, useDocumentsParams } from './documents-params';

export const documentsSearchLabel = 'Поиск по номеру документа или названию СРО';

/**
 * '/documents' (docs/screens.md#documents): the basis documents changes were entered on, the latest first
 * until a number, an SRO or a period narrows them; a document's button opens every change made on it.
 */
export function DocumentsScreen() {
  const { params, update, pageHref } = useDocumentsParams();
  const [opened, setOpened] = useState<BasisDocument | null>(null);
  // Stable while the URL stays: the period form subscribes with it.
  const handlePeriod = useCallback((period: Period) => update(period), [update]);

  return (
    <>
      <PageTitle title="Документы" />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'flex-start' } }}
      >
        <SearchField
          label={documentsSearchLabel}
          term={params.term}
          onSearch={(next) => update({ term: next }, { replace: true })}
        />
        <PeriodFilter label="Дата документа" from={params.from} to={params.to} onChange={handlePeriod} />
      </Stack>
      <DocumentTable
        search={toSearchParams(params)}
        isFiltered={isFiltered(params)}
        pageHref={pageHref}
        onOpen={setOpened}
      />
      {opened && <ChangesDialog key={opened.Id} document={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
