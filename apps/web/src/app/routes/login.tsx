import Paper from '@mui/material/Paper';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <Paper sx={{ p: 4, mx: 'auto', mt: 6, maxWidth: 420 }}>
      <PageTitle title="Вход в реестр" />
      <LoginForm onSuccess={() => navigate(paths.main.href(), { replace: true })} />
    </Paper>
  );
}
