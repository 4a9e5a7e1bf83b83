import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { texts, type SessionInfo } from '@registry/shared';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';

type PublicShellProps = { session: SessionInfo; children: ReactNode };

/** The layout for the public and for SRO representatives: a top bar with the title and login or logout. */
export function PublicShell({ session, children }: PublicShellProps) {
  const logout = useLogout();

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar position="sticky">
        <Toolbar>
          <Typography
            component={Link}
            to={paths.main.href()}
            variant="h6"
            noWrap
            sx={{ color: 'inherit', textDecoration: 'none' }}
          >
            {texts.appTitle}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {session.Organization && (
            <Typography noWrap sx={{ mr: 2 }}>
              {session.Organization.Name}
            </Typography>
          )}
          {session.IsAuthenticated ? (
            <IconButton color="inherit" aria-label="Выйти" title="Выйти" onClick={() => logout.mutate()}>
              <LogoutIcon />
            </IconButton>
          ) : (
            <IconButton
              color="inherit"
              aria-label="Войти"
              title="Войти"
              component={Link}
              to={paths.login.href()}
            >
              <LoginIcon />
            </IconButton>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        {children}
      </Container>
    </Box>
  );
}
