import Paper from '@mui/material/Paper';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { startPageOf } from '../route-access';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <Paper sx={{ p: 4, mx: 'auto', mt: 6, maxWidth: 420 }}>
      <PageTitle title="Вход в реестр" />
      <LoginForm onSuccess={(session) => void navigate(startPageOf(session), { replace: true })} />
    </Paper>
  );
}
