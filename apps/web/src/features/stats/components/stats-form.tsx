import AssessmentIcon from '@mui/icons-material/Assessment';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { StatsQuerySchema, type NamedRef, type StatsQuery } from '@registry/shared';
import { FormDateField } from '@/components/form-date-field';
import { OrganizationAutocomplete } from '@/components/organization-autocomplete';
import { useExportOrganizationStats } from '../api/export-organization-stats';
import type { StatsParams } from '../api/get-organization-stats';

export const fromLabel = 'С';
export const toLabel = 'По';
export const sroLabel = 'СРО';
export const sroHint = 'Оставьте пустым для всех СРО';
export const composeLabel = 'Сформировать';
export const exportLabel = 'Выгрузить';

const defaultValues: StatsQuery = { from: null, to: null, org: '' };

type StatsFormProps = {
  /** 'Сформировать' with a valid form: the table of these figures is wanted. */
  onCompose: (params: StatsParams) => void;
};

/**
 * The statistics' period and SRO (docs/screens.md#statistics), checked by the contract's schema before
 * anything is asked: both dates required, the first not after the second. 'Выгрузить' saves the same figures
 * as .xlsx.
 */
export function StatsForm({ onCompose }: StatsFormProps) {
  const form = useForm({ resolver: zodResolver(StatsQuerySchema), defaultValues });
  // The picker shows the SRO's name; the form holds only its id, which is what the query sends.
  const [sro, setSro] = useState<NamedRef | null>(null);
  const exporting = useExportOrganizationStats();

  const handleCompose = form.handleSubmit(onCompose);
  const handleExport = form.handleSubmit((params) => exporting.mutate(params));

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-label="Параметры статистики"
      onSubmit={(event) => void handleCompose(event)}
      sx={{ p: 2, mb: 2 }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        // The buttons move to a line of their own rather than squeeze the SRO's name, which wraps.
        sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
      >
        <Stack sx={{ width: { md: 200 } }}>
          <FormDateField control={form.control} name="from" label={fromLabel} required />
        </Stack>
        <Stack sx={{ width: { md: 200 } }}>
          <FormDateField control={form.control} name="to" label={toLabel} required />
        </Stack>
        <Stack sx={{ flexGrow: 1, minWidth: { md: 320 }, maxWidth: { md: 480 } }}>
          <Controller
            control={form.control}
            name="org"
            render={({ field, fieldState }) => (
              <OrganizationAutocomplete
                label={sroLabel}
                value={sro}
                onChange={(next) => {
                  setSro(next);
                  field.onChange(next?.Id ?? '');
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? sroHint}
              />
            )}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ pt: { md: 1 } }}>
          <Button type="submit" variant="contained" startIcon={<AssessmentIcon />}>
            {composeLabel}
          </Button>
          <Button
            variant="outlined"
            startIcon={
              exporting.isPending ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />
            }
            disabled={exporting.isPending}
            aria-busy={exporting.isPending}
            onClick={() => void handleExport()}
          >
            {exportLabel}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
