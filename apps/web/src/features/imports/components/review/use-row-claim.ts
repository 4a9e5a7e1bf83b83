import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ChangeClaim, ChangeReview } from '@registry/shared';
import type { ApiError } from '@/lib/api-client';
import { showErrorDialog } from '@/lib/error-dialog';
import { claimChange, releaseChange, releaseChangeOnUnload } from '../../api/change-claims';
import { refreshImportProgress } from '../../api/get-import-progress';
import {
  cancelRelease,
  initialClaimState,
  isLostRace,
  RENEW_MS,
  scheduleRelease,
  type ClaimState,
} from './review-claim';

/**
 * The operator's claim on the open row: taken as the row opens (unless another operator's live claim holds
 * it: then the row is read-only, and 'Забрать' takes it), renewed every few minutes while the screen is open,
 * and let go when the screen leaves the row or the page closes. A claim refused because someone else handled
 * or took the row calls `onLost` with the server's refusal, which names them.
 */
export function useRowClaim(
  review: ChangeReview,
  importId: number,
  canClaim: boolean,
  onLost: (error: ApiError) => void,
) {
  const changeId = review.ChangeId;
  const queryClient = useQueryClient();
  const [state, setState] = useState<ClaimState>(() => initialClaimState(canClaim, review.Claim));
  const [holder, setHolder] = useState<ChangeClaim | null>(review.Claim);
  const [isTakingOver, setIsTakingOver] = useState(false);
  // The row is already the operator's ('Начать обработку', the next row, 'Забрать'): only renewals are due.
  const isHeld = useRef(review.Claim?.IsMine === true);
  // The row was decided on (the server cleared its claim) or lost to another operator: nothing to let go.
  const isGone = useRef(false);
  const end = (next: 'lost' | 'none') => {
    isGone.current = true;
    setState(next);
  };
  const lose = (error: ApiError) => {
    end('lost');
    onLost(error);
  };
  const loseWhileOpen = useEffectEvent(lose);

  useEffect(() => {
    if (state !== 'mine') return;
    const key = `${importId}:${changeId}`;
    cancelRelease(key);
    let isOpen = true;
    const claim = (isRenewal: boolean) =>
      claimChange(importId, changeId).then(
        (claimed) => {
          isHeld.current = true;
          if (isOpen) setHolder(claimed);
          // A renewal reads the import again too: another operator may have filled its requisites.
          if (isOpen && isRenewal) void refreshImportProgress(queryClient, importId, changeId);
        },
        (error: unknown) => {
          // Any other failure (the network) leaves the claim to the next renewal.
          if (isOpen && isLostRace(error)) loseWhileOpen(error);
        },
      );
    if (!isHeld.current) void claim(false);
    const timer = window.setInterval(() => void claim(true), RENEW_MS);
    const onPageHide = () => releaseChangeOnUnload(importId, changeId);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      isOpen = false;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      if (!isGone.current) scheduleRelease(key, () => void releaseChange(importId, changeId).catch(() => {}));
    };
  }, [state, importId, changeId, queryClient]);

  /** 'Забрать': takes the row from the operator holding it. */
  const takeOver = async () => {
    setIsTakingOver(true);
    try {
      setHolder(await claimChange(importId, changeId, true));
      isHeld.current = true;
      setState('mine');
    } catch (error) {
      if (isLostRace(error)) lose(error);
      else showErrorDialog(error);
    } finally {
      setIsTakingOver(false);
    }
  };

  return {
    state,
    /** Who holds the row and until when; the operator's own claim once taken. */
    holder,
    isTakingOver,
    takeOver,
    /** The row was decided on (its claim is gone with it) or lost: nothing more to renew. */
    finish: (lost: ApiError | null) => (lost ? lose(lost) : end('none')),
  };
}

export type RowClaim = ReturnType<typeof useRowClaim>;
