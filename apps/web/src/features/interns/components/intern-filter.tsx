import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { OrganizationAutocomplete } from '@/components/organization-autocomplete';
import type { InternListParams } from './intern-list-params';

export const transfersOnlyLabel = 'Только с переходами по СРО';
export const fullExportLabel = 'Полная выгрузка';
export const deletedOnlyLabel = 'Удалённые';

type InternFilterProps = {
  id: string;
  params: InternListParams;
  onChange: (changes: Partial<InternListParams>) => void;
};

/**
 * The operator list's filter: an SRO, trainees who changed SRO, whether the export takes every field, and the
 * deleted trainees instead of the register, for an operator to find one to restore.
 */
export function InternFilter({ id, params, onChange }: InternFilterProps) {
  return (
    <Paper id={id} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Stack sx={{ flexGrow: 1, minWidth: { md: 360 }, maxWidth: { md: 560 } }}>
          <OrganizationAutocomplete label="СРО" value={params.org} onChange={(org) => onChange({ org })} />
        </Stack>
        <FormControlLabel
          label={transfersOnlyLabel}
          control={
            <Checkbox
              checked={params.transfer}
              onChange={(event) => onChange({ transfer: event.target.checked })}
            />
          }
        />
        <FormControlLabel
          label={fullExportLabel}
          control={
            <Checkbox
              checked={params.full}
              // The list stays on its page: only the export changes.
              onChange={(event) => onChange({ full: event.target.checked, page: params.page })}
            />
          }
        />
        <FormControlLabel
          label={deletedOnlyLabel}
          control={
            <Switch
              checked={params.deleted}
              onChange={(event) => onChange({ deleted: event.target.checked })}
            />
          }
        />
      </Stack>
    </Paper>
  );
}
