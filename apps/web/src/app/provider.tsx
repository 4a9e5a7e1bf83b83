import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useErrorDialogState } from '@/lib/error-dialog';
import { theme } from './theme';

type AppProviderProps = { queryClient: QueryClient; children: ReactNode };

// The error dialog (MUI's Dialog, its modal and transitions) is not part of the first load: it starts loading
// once the app has rendered, and shows from the first error on (docs/benchmarks.md, «First load»).
const loadErrorDialog = () => import('@/components/error-dialog');
// Should its code fail to load (offline before it arrived), the app goes on without the dialog, not blank.
const GlobalErrorDialog = lazy(async () => ({
  default: await loadErrorDialog().then(
    (module) => module.GlobalErrorDialog,
    () => () => null,
  ),
}));

/** The global error dialog, rendered from the first error the app reports. */
function ErrorDialogSlot() {
  const { content } = useErrorDialogState();
  useEffect(() => {
    // Loaded ahead, so that an error met once the network is gone still finds the dialog.
    loadErrorDialog().catch(() => undefined);
  }, []);
  if (content === null) return null;
  return (
    <Suspense fallback={null}>
      <GlobalErrorDialog />
    </Suspense>
  );
}

/**
 * Everything a screen relies on: theme, the query cache and the global error dialog. The date pickers' Russian
 * localization comes with the date field itself (components/date-field.tsx), not from here.
 */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {children}
        <ErrorDialogSlot />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
