import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageTitle } from './page-title';

/**
 * 'Страница не найдена': an address the app does not know, and a page of a thing the server does not have
 * or does not show this user (an import of another SRO, a trainee that does not exist) — the server answers
 * both with 404, and the user is told the same.
 */
export function NotFoundPage() {
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
