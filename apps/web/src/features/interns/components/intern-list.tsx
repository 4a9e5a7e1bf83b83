import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { SearchField } from '@/components/search-field';
import { paths } from '@/config/paths';
import { useInternSearch } from '../api/search-interns';
import { ExportButton } from './export-button';
import { InternFilter } from './intern-filter';
import { isFiltered, toExportParams, toSearchParams, useInternListParams } from './intern-list-params';
import { InternResults } from './intern-results';
import { internSearchLabel } from './list-texts';
import { StatusTabs } from './status-tabs';

const filterId = 'intern-filter';

/**
 * The operator's trainee list (docs/screens.md#trainee-lists): search, status tabs, filter, export, table,
 * pages.
 */
export function InternList() {
  const { params, update, pageHref } = useInternListParams();
  const search = toSearchParams(params, false);
  const { data } = useInternSearch(search);
  // A list opened with a filter in its URL shows the filter that narrows it.
  const [isFilterOpen, setIsFilterOpen] = useState(() =>
    Boolean(params.org || params.transfer || params.full || params.deleted),
  );

  return (
    <>
      <PageTitle title="Список стажёров" />
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <SearchField
          label={internSearchLabel}
          term={params.term}
          onSearch={(term) => update({ term }, { replace: true })}
        />
        <Button
          variant={isFilterOpen ? 'contained' : 'outlined'}
          color="inherit"
          startIcon={<FilterListIcon />}
          aria-expanded={isFilterOpen}
          aria-controls={filterId}
          onClick={() => setIsFilterOpen(!isFilterOpen)}
        >
          Фильтр
        </Button>
        <ExportButton params={toExportParams(params)} hasRows={Boolean(data?.Results.length)} />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          component={Link}
          to={paths.internCard.href('new')}
        >
          Добавить стажёра
        </Button>
      </Stack>
      <Collapse in={isFilterOpen} unmountOnExit>
        <InternFilter id={filterId} params={params} onChange={update} />
      </Collapse>
      <StatusTabs status={params.status} onChange={(status) => update({ status })} />
      <InternResults
        search={search}
        isFiltered={isFiltered(search)}
        rowHref={(row) => paths.internCard.href(row.Id)}
        pageHref={pageHref}
      />
    </>
  );
}
