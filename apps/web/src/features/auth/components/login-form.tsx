import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { LoginRequestSchema, texts, type SessionInfo } from '@registry/shared';
import { useLogin } from '../api/login';

type LoginFormProps = {
  onSuccess: (session: SessionInfo) => void;
};

/** Login and password; any failure of the call says only 'Неверный пароль' (docs/screens.md#login). */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { Id: '', Password: '' },
  });

  // The page is there to sign in: the cursor waits in the login.
  useEffect(() => {
    setFocus('Id');
  }, [setFocus]);

  const handleLogin = handleSubmit((values) => login.mutate(values, { onSuccess }));

  return (
    <Stack component="form" noValidate onSubmit={(event) => void handleLogin(event)} spacing={2}>
      {login.isError && <Alert severity="error">{texts.wrongPassword}</Alert>}
      <TextField
        {...register('Id')}
        label="Логин"
        type="email"
        autoComplete="username"
        error={Boolean(errors.Id)}
        helperText={errors.Id?.message}
      />
      <TextField
        {...register('Password')}
        label="Пароль"
        type="password"
        autoComplete="current-password"
        error={Boolean(errors.Password)}
        helperText={errors.Password?.message}
      />
      <Button type="submit" variant="contained" size="large" loading={login.isPending}>
        Войти
      </Button>
    </Stack>
  );
}
