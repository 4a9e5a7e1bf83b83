import { internStatuses, type InternStatus, type NamedRef } from '@registry/shared';
import { pageFromUrl } from '@/lib/use-list-search';
import { hrefWithQuery, useUrlState, type UrlPlace } from '@/lib/use-url-state';
import type { InternExportParams } from '../api/export-interns';
import type { InternSearchParams } from '../api/search-interns';

/** What the trainee list shows, as read from its URL. */
export type InternListParams = {
  term: string;
  /** The status tab; null for 'Все'. */
  status: InternStatus | null;
  /** The SRO filter; its name rides along in the URL only so that the picker can show it. */
  org: NamedRef | null;
  transfer: boolean;
  /** 'Полная выгрузка': changes the export, not the list. */
  full: boolean;
  /** 'Удалённые': the deleted trainees instead of the register (operators only). */
  deleted: boolean;
  /** 0-based; the URL counts from 1. */
  page: number;
};

export const defaultListParams: InternListParams = {
  term: '',
  status: null,
  org: null,
  transfer: false,
  full: false,
  deleted: false,
  page: 0,
};

function statusFromUrl(value: string | null): InternStatus | null {
  return internStatuses.values.find((status) => String(status) === value) ?? null;
}

function orgFromUrl(id: string | null, name: string | null): NamedRef | null {
  const orgId = Number(id);
  if (!id || !Number.isInteger(orgId) || orgId <= 0) return null;
  return { Id: orgId, Name: name ?? '' };
}

/**
 * Reads the list's state from `?term&status&org&orgName&transfer&full&deleted&page`; anything unreadable is
 * left out.
 */
export function readListParams(search: URLSearchParams): InternListParams {
  return {
    term: search.get('term')?.trim() ?? '',
    status: statusFromUrl(search.get('status')),
    org: orgFromUrl(search.get('org'), search.get('orgName')),
    transfer: search.get('transfer') === 'true',
    full: search.get('full') === 'true',
    deleted: search.get('deleted') === 'true',
    page: pageFromUrl(search.get('page')),
  };
}

/** The query string of the list's state, without '?'; what is at its default is left out. */
export function writeListParams(params: InternListParams): string {
  const search = new URLSearchParams();
  if (params.term) search.set('term', params.term);
  if (params.status !== null) search.set('status', String(params.status));
  if (params.org) {
    search.set('org', String(params.org.Id));
    search.set('orgName', params.org.Name);
  }
  if (params.transfer) search.set('transfer', 'true');
  if (params.full) search.set('full', 'true');
  if (params.deleted) search.set('deleted', 'true');
  if (params.page > 0) search.set('page', String(params.page + 1));
  return search.toString();
}

/** The search call for the list; the public list has no SRO, transfer or deleted filter. */
export function toSearchParams(params: InternListParams, isPublic: boolean): InternSearchParams {
  const search: InternSearchParams = { page: params.page };
  if (params.term) search.term = params.term;
  // The public list is the operator's without filters (docs/screens.md#trainee-lists): a status in its
  // address is ignored.
  if (isPublic) return search;
  if (params.status !== null) search.status = params.status;
  if (params.org) search.org = params.org.Id;
  if (params.transfer) search.transfer = true;
  if (params.deleted) search.deleted = true;
  return search;
}

/** The export call: the operator list's filter without the page, and 'Полная выгрузка'. */
export function toExportParams(params: InternListParams): InternExportParams {
  const { page: _page, ...filter } = toSearchParams(params, false);
  return params.full ? { ...filter, full: true } : filter;
}

/** True when a search is narrowed by anything, so that an empty answer means 'not found' rather than 'none'. */
export function isFiltered({ page: _page, ...filter }: InternSearchParams): boolean {
  return Object.keys(filter).length > 0;
}

const internListHref = (params: InternListParams, { pathname }: UrlPlace) =>
  hrefWithQuery(pathname, writeListParams(params));

/**
 * The list's state kept in its URL, so that a reload, Back and a shared link show the same list. Any change
 * but a page starts again from the first page. The route may be /, /interns, /public or /pub: links keep it.
 */
export function useInternListParams() {
  const { state: params, hrefOf, change } = useUrlState(readListParams, internListHref);
  /** `replace` for what changes as one types, so that Back leaves the list rather than undoing keystrokes. */
  const update = (changes: Partial<InternListParams>, { replace = false } = {}) =>
    change((current) => ({ ...current, page: 0, ...changes }), { replace });
  const pageHref = (page: number) => hrefOf({ ...params, page });

  return { params, update, pageHref };
}
