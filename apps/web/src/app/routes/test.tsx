import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/page-title';

/**
 * A scratch page for trying components out; linked from nowhere
 * (docs/screens.md#audit-journal-scratch-page-unknown-address).
 */
export function TestRoute() {
  return (
    <>
      <PageTitle title="Тестовая страница" />
      <Typography color="text.secondary">Служебная страница для проверки компонентов.</Typography>
    </>
  );
}
