import Alert from '@mui/material/Alert';
import { MAX_LIST_PAGES, texts, type CappedPaged } from '@registry/shared';
import { Pagination } from './pagination';

type CappedPaginationProps = {
  /** The current page, 0-based. */
  page: number;
  /** The pages of the list's answer, once it came. */
  pages: Omit<CappedPaged<unknown>, 'Results'> | undefined;
  hrefFor: (page: number) => string;
  /** What narrows this list's query, for the notice (`texts.narrowTrainees`, `texts.narrowDocuments`). */
  narrowBy: string;
};

/**
 * The pages of a list paged through its first `MAX_LIST_PAGES` pages only (the trainee list, the documents):
 * the links, with an ellipsis while it counts only so far ahead, and when more match than it shows, a
 * notice that the query should be narrowed.
 */
export function CappedPagination({ page, pages, hrefFor, narrowBy }: CappedPaginationProps) {
  return (
    <>
      <Pagination
        page={page}
        totalPages={pages?.TotalPages ?? 0}
        hasMore={pages?.HasMore}
        hrefFor={hrefFor}
      />
      {pages?.IsCapped && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {texts.listCapped(MAX_LIST_PAGES, narrowBy)}
        </Alert>
      )}
    </>
  );
}
