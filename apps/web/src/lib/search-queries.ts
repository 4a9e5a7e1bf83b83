import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  DictionaryEntryPageSchema,
  InternSearchResultSchema,
  OperatorPageSchema,
  OrganizationPageSchema,
  SchoolPageSchema,
  type DictionaryCode,
  type DictionaryEntry,
  type InternListItem,
  type Operator,
  type Organization,
  type Paged,
  type School,
} from '@registry/shared';
import { apiRequest } from './api-client';
import { dictionaryKey, internsKey } from './query-keys';

/** What a list asks for: the search term (empty for all) and the 0-based page. */
export type SearchParams = { term: string; page: number };

/** A `GET {path}/search?term&page` list; its cache entries live under `key`. */
export type SearchEndpoint<T> = { key: readonly string[]; path: string; schema: z.ZodType<Paged<T>> };

/** The one query-options factory of every search list, so that a list and a picker share their cache. */
export function searchQueryOptions<T>({ key, path, schema }: SearchEndpoint<T>, params: SearchParams) {
  return queryOptions({
    queryKey: [...key, 'search', params],
    queryFn: ({ signal }) =>
      apiRequest(`${path}/search`, { params: { term: params.term, page: params.page }, schema, signal }),
    // The rows stay on screen while the next page or term loads, rather than blinking to a spinner.
    placeholderData: keepPreviousData,
  });
}

export const organizationsEndpoint: SearchEndpoint<Organization> = {
  key: dictionaryKey('organizations'),
  path: '/api/v1/organizations',
  schema: OrganizationPageSchema,
};

export const schoolsEndpoint: SearchEndpoint<School> = {
  key: dictionaryKey('schools'),
  path: '/api/v1/schools',
  schema: SchoolPageSchema,
};

/** A dictionary read by its code as `{ Id, Value }` entries. */
export function dictionaryEndpoint(code: DictionaryCode): SearchEndpoint<DictionaryEntry> {
  return {
    // Apart from the dedicated endpoints' entries: the same records come back in another shape here.
    key: [...dictionaryKey(code), 'entries'],
    path: `/api/v1/dictionaries/${code}`,
    schema: DictionaryEntryPageSchema,
  };
}

/** The operator's trainee search (by name or SNILS) as a picker reads it: the first page of the list. */
export const internsEndpoint: SearchEndpoint<InternListItem> = {
  key: internsKey,
  path: '/api/v1/interns',
  schema: InternSearchResultSchema,
};

/**
 * `GET /api/v1/operators/search?term&page`: accounts by full name or e-mail, for the operators' screen and the
 * journal's person filter.
 */
export const operatorsEndpoint: SearchEndpoint<Operator> = {
  key: ['operators'],
  path: '/api/v1/operators',
  schema: OperatorPageSchema,
};
