import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChangeReviewSchema, type ChangeReview } from '@registry/shared';
import { apiRequest } from '@/lib/api-client';
import { importsKey } from './get-imports';

/**
 * Whom a row is compared with: `auto`, the trainee the server matches (by SNILS, then by name); `new`, an
 * empty record; or the id of the trainee the operator chose.
 */
export type ReviewTarget = 'auto' | 'new' | number;

/** The reviews of an import's rows: a change of the import (its requisites) makes them all stale. */
export const changeReviewsKey = (importId: number) => [...importsKey, 'detail', importId, 'changes'] as const;

/**
 * `GET /api/v1/imports/{id}/changes/{change}?intern=&internship=`: a row beside the register's record, section
 * by section; `internship`, the trainee's internship the operator chose to merge the row into.
 */
export function getChangeReview(
  importId: number,
  changeId: number,
  target: ReviewTarget,
  internship: number | undefined,
  signal?: AbortSignal,
): Promise<ChangeReview> {
  return apiRequest(`/api/v1/imports/${importId}/changes/${changeId}`, {
    params: { intern: target === 'auto' ? undefined : target, internship },
    schema: ChangeReviewSchema,
    signal,
  });
}

/** The cache key of one row's review, whatever it is compared with and merged into. */
export const changeReviewKey = (importId: number, changeId: number) =>
  [...changeReviewsKey(importId), changeId] as const;

/**
 * A row's review is read once as its screen opens and leaves the cache with the screen (`gcTime: 0`): a row
 * decided on, put back or handled by another operator is read afresh when opened again, never shown as it was.
 */
export const changeReviewQueryOptions = (
  importId: number,
  changeId: number,
  target: ReviewTarget,
  internship?: number,
) =>
  queryOptions({
    queryKey: [...changeReviewKey(importId, changeId), target, internship ?? null],
    queryFn: ({ signal }) => getChangeReview(importId, changeId, target, internship, signal),
    gcTime: 0,
    // An import or row that does not exist (or is not this user's) is the not-found page, not an error dialog.
    meta: { isPageSubject: true },
  });

export function useChangeReview(
  importId: number,
  changeId: number,
  target: ReviewTarget,
  internship?: number,
) {
  return useQuery(changeReviewQueryOptions(importId, changeId, target, internship));
}
