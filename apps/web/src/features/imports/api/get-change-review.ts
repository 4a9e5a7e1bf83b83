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

/** `GET /api/v1/imports/{id}/changes/{change}?intern=`: a row beside the register's record, section by section. */
export function getChangeReview(
  importId: number,
  changeId: number,
  target: ReviewTarget,
  signal?: AbortSignal,
): Promise<ChangeReview> {
  return apiRequest(`/api/v1/imports/${importId}/changes/${changeId}`, {
    params: { intern: target === 'auto' ? undefined : target },
    schema: ChangeReviewSchema,
    signal,
  });
}

export const changeReviewQueryOptions = (importId: number, changeId: number, target: ReviewTarget) =>
  queryOptions({
    queryKey: [...changeReviewsKey(importId), changeId, target],
    queryFn: ({ signal }) => getChangeReview(importId, changeId, target, signal),
  });

export function useChangeReview(importId: number, changeId: number, target: ReviewTarget) {
  return useQuery(changeReviewQueryOptions(importId, changeId, target));
}
