import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { texts } from '@registry/shared';
import { PageTitle } from '@/components/page-title';

/**
 * Shown when a screen fails to render or the session cannot be loaded; the error itself is already in the
 * global dialog when it came from a call. Reloading starts the app afresh.
 */
export function RouteErrorRoute() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', p: 4 }}>
      <PageTitle title={texts.unexpectedErrorTitle} />
      <Typography color="text.secondary">{texts.unexpectedErrorText}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Обновить страницу
      </Button>
    </Stack>
  );
}
