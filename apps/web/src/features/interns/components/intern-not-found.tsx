import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { texts } from '@registry/shared';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';

/** A public card of a trainee that is not in the registry (never was, or was deleted). */
export function InternNotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <PageTitle title={texts.internNotFound} />
      <Typography color="text.secondary">
        Такого стажёра нет в реестре. Проверьте адрес или найдите стажёра в реестре по ФИО.
      </Typography>
      <Button component={Link} to={paths.publicList.href()} variant="contained">
        К реестру стажёров
      </Button>
    </Stack>
  );
}
