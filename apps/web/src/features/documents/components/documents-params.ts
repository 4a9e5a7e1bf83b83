import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { pageFromUrl } from '@/lib/use-list-search';
import { periodFromUrl, useUrlState } from '@/lib/use-url-state';
import type { DocumentSearchParams } from '../api/search-documents';

/** What the documents screen shows, as read from its URL. */
export type DocumentsParams = {
  term: string;
  /** The period of the documents' dates, `yyyy-MM-dd`; null where open. */
  from: string | null;
  to: string | null;
  /** 0-based; the URL counts from 1. */
  page: number;
};

/** Reads `?term&from&to&page`; anything unreadable is left out, and so is an end before the start. */
export function readDocumentsParams(search: URLSearchParams): DocumentsParams {
  return {
    term: search.get('term')?.trim() ?? '',
    ...periodFromUrl(search),
    page: pageFromUrl(search.get('page')),
  };
}

/** The query string of the screen's state, without '?'; what is at its default is left out. */
export function writeDocumentsParams(params: DocumentsParams): string {
  const search = new URLSearchParams();
  if (params.term) search.set('term', params.term);
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  if (params.page > 0) search.set('page', String(params.page + 1));
  return search.toString();
}

/** The search call for the screen's state. */
export function toSearchParams(params: DocumentsParams): DocumentSearchParams {
  const search: DocumentSearchParams = { page: params.page };
  if (params.term) search.term = params.term;
  if (params.from) search.from = params.from;
  if (params.to) search.to = params.to;
  return search;
}

/** True when the search is narrowed, so that an empty answer means 'not found' rather than 'none yet'. */
export function isFiltered(params: DocumentsParams): boolean {
  return Boolean(params.term || params.from || params.to);
}

/** The screen's link for a state. */
export function documentsHref(params: DocumentsParams): string {
  const query = writeDocumentsParams(params);
  return query ? `${paths.documents.href()}?${query}` : paths.documents.href();
}

/**
 * The screen's state kept in its URL, so that a reload, Back and a shared link show the same documents. Any
 * change but a page starts again from the first page.
 */
export function useDocumentsParams() {
  const { state: params, change } = useUrlState(readDocumentsParams, documentsHref);
  const update = useCallback(
    (changes: Partial<DocumentsParams>, options?: { replace?: boolean }) =>
      change((current) => ({ ...current, page: 0, ...changes }), options),
    [change],
  );
  const pageHref = (page: number) => documentsHref({ ...params, page });

  return { params, update, pageHref };
}
