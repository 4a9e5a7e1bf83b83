import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { texts } from '@registry/shared';
import { PageTitle } from '@/components/page-title';
import { SearchField } from '@/components/search-field';
import { paths } from '@/config/paths';
import { isFiltered, toSearchParams, useInternListParams } from './intern-list-params';
import { InternResults } from './intern-results';
import { internSearchLabel } from './list-texts';

// The public finds a trainee by SNILS only when the whole, valid number is typed
// (docs/register-rules.md#the-public-card-and-list).
export const publicSnilsHint = 'Для поиска по СНИЛС введите его полностью';

/**
 * The public registry: the operator list without filters (the status tabs included) and export; a row opens
 * the public card.
 */
export function PublicInternList() {
  const { params, update, pageHref } = useInternListParams();
  const search = toSearchParams(params, true);

  return (
    <>
      <PageTitle title={texts.appFullTitle} />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 800 }}>
        Общедоступные сведения о стажёрах помощников кадастровых инженеров: статус, саморегулируемые
        организации, в которых проходит стажировка, руководители и этапы стажировки.
      </Typography>
      <Stack direction="row" sx={{ mb: 1 }}>
        <SearchField
          label={internSearchLabel}
          helperText={publicSnilsHint}
          term={params.term}
          onSearch={(term) => update({ term }, { replace: true })}
        />
      </Stack>
      <InternResults
        search={search}
        isFiltered={isFiltered(search)}
        rowHref={(row) => paths.publicCard.href(row.Id)}
        pageHref={pageHref}
      />
    </>
  );
}
