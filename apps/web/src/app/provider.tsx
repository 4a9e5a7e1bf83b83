import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import type { ReactNode } from 'react';
import { GlobalErrorDialog } from '@/components/error-dialog';
import { theme } from './theme';

dayjs.locale('ru');

type AppProviderProps = { queryClient: QueryClient; children: ReactNode };

/** Everything a screen relies on: theme, Russian dates, the query cache and the global error dialog. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru">
        <QueryClientProvider client={queryClient}>
          {children}
          <GlobalErrorDialog />
        </QueryClientProvider>
      </LocalizationProvider>
    </ThemeProvider>
  );
}
