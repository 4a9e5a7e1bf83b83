import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { texts } from '@registry/shared';
import { PageTitle } from './page-title';

/** Stand-in for a screen that is not built yet: its title and an honest notice. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ConstructionIcon color="action" />
          <Typography color="text.secondary">{texts.underConstruction}</Typography>
        </Stack>
      </Paper>
    </>
  );
}
