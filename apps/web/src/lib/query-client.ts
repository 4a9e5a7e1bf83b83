import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isNotFoundError } from './api-client';
import { showErrorDialog } from './error-dialog';

/** What a query or mutation may say about its errors. */
type ErrorMeta = {
  /** The screen shows the error itself (the login form's 'Неверный пароль'); no global dialog. */
  hasOwnErrorHandling?: boolean;
  /** Title of the global dialog instead of the default one (docs/screens.md#titles-by-operation). */
  errorTitle?: string;
  /**
   * The query reads the thing a page shows (an import, a trainee): its 404 is the page's answer, which the
   * screen shows as 'Страница не найдена' (isNotFoundError), not an error in a dialog.
   */
  isPageSubject?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

type QueryClientOptions = {
  /**
   * Called when the server answers 401 to any call: the session has expired, and the app refreshes its
   * session so that the guards take the user to the public registry.
   */
  onUnauthorized?: (queryClient: QueryClient) => void;
};

/** Repeats only failures where the server gave no answer; an answered error would come back the same. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError) && failureCount < 2;
}

/**
 * The app's one client cache. A 401 goes to `onUnauthorized` instead of a dialog: the user is about to be
 * sent elsewhere, and a dialog saying 'Требуется вход в систему' over a screen that vanishes helps nobody.
 * A 404 of a page's own subject is the page's to show. Every other failure without a screen-specific handler
 * opens the error dialog.
 */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const reportError = (error: unknown, meta: ErrorMeta | undefined) => {
    if (error instanceof ApiError && error.isUnauthorized) {
      onUnauthorized?.(queryClient);
      return;
    }
    if (meta?.hasOwnErrorHandling || (meta?.isPageSubject && isNotFoundError(error))) return;
    showErrorDialog(error, { title: meta?.errorTitle });
  };

  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
