import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { isNotFoundError } from '@/lib/api-client';
import { NotFoundPage } from './not-found-page';

type QueryStateProps = {
  query: { isPending: boolean; error: unknown };
  /** What the page says when its subject could not be read; the global error dialog has said why. */
  failure: ReactNode;
  /** The spinner's name for a screen reader. */
  loadingLabel?: string;
};

/**
 * A page's subject not read yet: a spinner while it loads, 'Страница не найдена' when the server has no such
 * thing (or does not show it to this user), and `failure` when reading it failed otherwise. For
 * `if (query.isPending || query.isError) return <QueryState query={query} … />`, after which the data is there.
 */
export function QueryState({ query, failure, loadingLabel = 'Загрузка' }: QueryStateProps) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={loadingLabel} />
      </Box>
    );
  }
  if (isNotFoundError(query.error)) return <NotFoundPage />;
  return failure;
}
