import {
  ChangeClaimSchema,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  NextChangeSchema,
  type ChangeClaim,
  type NextChange,
} from '@registry/shared';
import { apiRequest } from '@/lib/api-client';

/*
 * Claims on pending rows (docs/row-review.md «Claims on rows»): the operator's row is theirs while the
 * review screen is open, renewed now and then, and let go when they leave.
 */

const claimPath = (importId: number, changeId: number) =>
  `/api/v1/imports/${importId}/changes/${changeId}/claim`;

/** `POST …/changes/{change}/claim`: takes or renews the row; `takeOver` takes it from another operator. */
export function claimChange(importId: number, changeId: number, takeOver = false): Promise<ChangeClaim> {
  return apiRequest(claimPath(importId, changeId), {
    method: 'POST',
    body: { TakeOver: takeOver },
    schema: ChangeClaimSchema,
  });
}

/** `DELETE …/changes/{change}/claim`: lets the row go. */
export function releaseChange(importId: number, changeId: number): Promise<void> {
  return apiRequest(claimPath(importId, changeId), { method: 'DELETE' });
}

/** Lets the row go as the page closes: a `keepalive` request outlives the page that sends it. */
export function releaseChangeOnUnload(importId: number, changeId: number) {
  void fetch(claimPath(importId, changeId), {
    method: 'DELETE',
    keepalive: true,
    credentials: 'same-origin',
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  }).catch(() => undefined);
}

/**
 * `POST /api/v1/imports/{id}/changes/next?after=`: the next free pending row after `after` in file order
 * (wrapping, skipping rows other operators hold), claimed for the caller; null when none is free.
 */
export async function nextChange(importId: number, after: number | null): Promise<NextChange['Next']> {
  const answer = await apiRequest(`/api/v1/imports/${importId}/changes/next`, {
    method: 'POST',
    params: { after: after ?? undefined },
    schema: NextChangeSchema,
  });
  return answer.Next;
}
