import PaginationItem from '@mui/material/PaginationItem';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';

/** Page links shown at most (SPEC.md §9). */
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
};

/** Links to the pages of a list, with previous and next; nothing when everything fits on one page. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
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
      <PaginationItem
        type="next"
        disabled={page >= totalPages - 1}
        aria-label="Следующая страница"
        {...link(Math.min(totalPages - 1, page + 1))}
      />
    </Stack>
  );
}
