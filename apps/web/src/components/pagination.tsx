import Box from '@mui/material/Box';
import PaginationItem from '@mui/material/PaginationItem';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';

/** Page links shown at most (docs/screens.md#formats-and-constants). */
export const MAX_PAGE_LINKS = 10;

/**
 * The 0-based pages to link: up to MAX_PAGE_LINKS consecutive pages with the current one about the middle,
 * shifted to stay within 0…totalPages-1.
 */
export function pageWindow(page: number, totalPages: number): number[] {
  const count = Math.min(MAX_PAGE_LINKS, totalPages);
  const first = Math.min(Math.max(0, page - Math.floor(MAX_PAGE_LINKS / 2)), totalPages - count);
  return Array.from({ length: count }, (_, index) => first + index);
}

type PaginationProps = {
  /** The current page, 0-based. */
  page: number;
  totalPages: number;
  /** The link to a 0-based page. */
  hrefFor: (page: number) => string;
  /** More pages follow those counted in `totalPages` (a list that counts only so far ahead). */
  hasMore?: boolean;
};

/**
 * Links to the pages of a list, with previous and next; nothing when everything fits on one page. With
 * `hasMore` an ellipsis after the last link says the list goes on, and next always leads further.
 */
export function Pagination({ page, totalPages, hrefFor, hasMore = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  const link = (to: number) => ({ component: Link, to: hrefFor(to) });

  return (
    <Stack component="nav" aria-label="Страницы" direction="row" sx={{ justifyContent: 'center', mt: 2 }}>
      <PaginationItem
        type="previous"
        disabled={page === 0}
        aria-label="Предыдущая страница"
        {...link(Math.max(0, page - 1))}
      />
      {pageWindow(page, totalPages).map((item) => (
        <PaginationItem
          key={item}
          page={item + 1}
          selected={item === page}
          aria-current={item === page ? 'page' : undefined}
          aria-label={`Страница ${item + 1}`}
          {...link(item)}
        />
      ))}
      {hasMore && (
        // The ellipsis takes no props of its own: its wrapper names it.
        <Box component="span" role="img" aria-label="Есть и другие страницы">
          <PaginationItem type="end-ellipsis" />
        </Box>
      )}
      <PaginationItem
        type="next"
        disabled={page >= totalPages - 1 && !hasMore}
        aria-label="Следующая страница"
        {...link(hasMore ? page + 1 : Math.min(totalPages - 1, page + 1))}
      />
    </Stack>
  );
}
