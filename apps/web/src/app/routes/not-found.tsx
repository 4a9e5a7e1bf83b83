import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';

/** Any address the app does not know. */
export function NotFoundRoute() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageTitle title="Страница не найдена" />
      <Typography color="text.secondary">Проверьте адрес или перейдите на главную страницу.</Typography>
      <Button component={Link} to={paths.main.href()} variant="contained">
        На главную
      </Button>
    </Stack>
  );
}
