import { importTabs, type ImportTab } from '@registry/shared';
import { paths } from '@/config/paths';
import { pageFromUrl } from '@/lib/use-list-search';
import { hrefWithQuery, useUrlState, type UrlPlace } from '@/lib/use-url-state';

/** What the import list shows: its tab and 0-based page. */
export type ImportListParams = { tab: ImportTab; page: number };

function isImportTab(value: string | null): value is ImportTab {
  return value !== null && Object.hasOwn(importTabs, value);
}

/** Reads `?tab=&page=`; an unknown tab is 'Все', the page counts from 1 in the URL. */
export function readImportListParams(search: URLSearchParams): ImportListParams {
  const tab = search.get('tab');
  return { tab: isImportTab(tab) ? tab : 'all', page: pageFromUrl(search.get('page')) };
}

/** The query string of a tab and page, without '?'; 'Все' and the first page are left out. */
export function writeImportListParams({ tab, page }: ImportListParams): string {
  const search = new URLSearchParams();
  if (tab !== 'all') search.set('tab', tab);
  if (page > 0) search.set('page', String(page + 1));
  return search.toString();
}

/** The list's link: where it is, but /imports/ in place of the upload's address. */
function importListHref(params: ImportListParams, { pathname }: UrlPlace): string {
  const base = pathname === paths.importUpload.path ? paths.imports.href() : pathname;
  return hrefWithQuery(base, writeImportListParams(params));
}

/**
 * The list's tab and page kept in its URL, so that a reload, Back and a shared link show the same page. The
 * list lives at /imports/, at /lk and / for a representative, and under /imports/upload with the dialog
 * open: its links stay where it is, except that the upload's address leads back to /imports/.
 */
export function useImportListParams() {
  const { state: params, hrefOf, change } = useUrlState(readImportListParams, importListHref);
  const showTab = (tab: ImportTab) => change(() => ({ tab, page: 0 }));
  const pageHref = (page: number) => hrefOf({ ...params, page });
  /** Leaves /imports/upload for the list itself once the dialog closes, in place of the history entry. */
  const leaveUpload = () => change((current) => current, { replace: true });

  return { params, showTab, pageHref, leaveUpload };
}
