import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title';
import { organizationStatsQueryOptions, type StatsParams } from '../api/get-organization-stats';
import { StatsForm } from './stats-form';
import { StatsResults } from './stats-results';

export const statsTitle = 'Статистика';
export const hintText = 'Укажите период и, если нужно, СРО, затем нажмите «Сформировать»';

/**
 * The operator's statistics per SRO for a period (docs/screens.md#statistics): the form, then the table it
 * asked for.
 */
export function StatsScreen() {
  const queryClient = useQueryClient();
  const [params, setParams] = useState<StatsParams | null>(null);

  // Asking again for the same period counts it again: the register may have changed since.
  const handleCompose = (next: StatsParams) => {
    void queryClient.invalidateQueries({ queryKey: organizationStatsQueryOptions(next).queryKey });
    setParams(next);
  };

  return (
    <>
      <PageTitle title={statsTitle} />
      <StatsForm onCompose={handleCompose} />
      {params ? (
        <StatsResults params={params} />
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <InfoOutlinedIcon color="action" />
            <Typography color="text.secondary">{hintText}</Typography>
          </Stack>
        </Paper>
      )}
    </>
  );
}
