import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { claimChange, releaseChange, releaseChangeOnUnload } from '../../api/change-claims';
import { importProgressKey } from '../../api/get-import-progress';
import { reviewOf } from '../../review-test-data';
import { clockTime, initialClaimState, isLostRace, RELEASE_DELAY_MS, RENEW_MS } from './review-claim';
import { useRowClaim } from './use-row-claim';

vi.mock('../../api/change-claims', () => ({
  claimChange: vi.fn(),
  releaseChange: vi.fn(),
  releaseChangeOnUnload: vi.fn(),
}));

const mine = { OperatorName: 'Оператор Анна', Until: '2026-11-21T09:40:00Z', IsMine: true };
const others = { OperatorName: 'Орлова Светлана Игоревна', Until: '2026-11-21T09:42:00Z', IsMine: false };
const handledBy = new ApiError(409, { ErrorMessage: 'Эта запись уже обработана оператором Орлова С. И.' });

describe('the claim on a row, in words', () => {
  it('opens another operator’s row read-only, and a row not pending with nothing to claim', () => {
    expect(initialClaimState(true, null)).toBe('mine');
    expect(initialClaimState(true, mine)).toBe('mine');
    expect(initialClaimState(true, others)).toBe('other');
    expect(initialClaimState(false, others)).toBe('none');
  });

  it('tells a race lost to another operator from any other refusal', () => {
    expect(isLostRace(handledBy)).toBe(true);
    expect(
      isLostRace(new ApiError(409, { ErrorMessage: 'Эту запись сейчас обрабатывает Орлова (до …)' })),
    ).toBe(true);
    expect(isLostRace(new ApiError(409, { ErrorMessage: 'СНИЛС … уже принадлежит стажёру …' }))).toBe(false);
    expect(isLostRace(new ApiError(500, { ErrorMessage: 'Эта запись уже обработана' }))).toBe(false);
  });

  it('shows the claim’s end as Moscow’s clock', () => {
    expect(clockTime('2026-11-21T09:42:00Z')).toBe('12:42');
  });
});

describe('useRowClaim', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(claimChange).mockResolvedValue(mine);
    vi.mocked(releaseChange).mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  let queryClient: QueryClient;
  const render = (claim: typeof mine | null, onLost = vi.fn()) => {
    queryClient = new QueryClient();
    vi.spyOn(queryClient, 'refetchQueries').mockResolvedValue(undefined);
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    return renderHook(() => useRowClaim(reviewOf({ Claim: claim }), 7, true, onLost), { wrapper });
  };

  it('claims a free row as it opens, renews it every 3 minutes, and lets it go a moment after leaving', async () => {
    const { result, unmount } = render(null);
    await act(async () => {});
    expect(claimChange).toHaveBeenCalledTimes(1);
    expect(claimChange).toHaveBeenCalledWith(7, 301);
    expect(result.current.state).toBe('mine');
    expect(queryClient.refetchQueries).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(RENEW_MS));
    expect(claimChange).toHaveBeenCalledTimes(2);
    // The renewal reads the import again: its requisites may have been filled meanwhile.
    expect(queryClient.refetchQueries).toHaveBeenCalledWith(
      { queryKey: importProgressKey(7, 301) },
      { cancelRefetch: false },
    );
    window.dispatchEvent(new Event('pagehide'));
    expect(releaseChangeOnUnload).toHaveBeenCalledWith(7, 301);
    unmount();
    expect(releaseChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(RELEASE_DELAY_MS);
    expect(releaseChange).toHaveBeenCalledWith(7, 301);
  });

  it('keeps the claim when the same row opens again at once (another trainee to compare with)', async () => {
    render(mine).unmount();
    render(mine);
    await act(async () => vi.advanceTimersByTime(RELEASE_DELAY_MS));
    expect(releaseChange).not.toHaveBeenCalled();
    // Handed out by 'Начать обработку': already the operator's, only renewed.
    expect(claimChange).not.toHaveBeenCalled();
  });

  it('leaves another operator’s row alone until «Забрать» takes it', async () => {
    const { result } = render(others);
    await act(async () => {});
    expect(result.current.state).toBe('other');
    expect(claimChange).not.toHaveBeenCalled();
    await act(() => result.current.takeOver());
    expect(claimChange).toHaveBeenCalledWith(7, 301, true);
    expect(result.current.state).toBe('mine');
    expect(result.current.holder).toEqual(mine);
    await act(async () => vi.advanceTimersByTime(RENEW_MS));
    expect(claimChange).toHaveBeenLastCalledWith(7, 301);
  });

  it('lets nothing go once the row is decided on: the server cleared its claim', async () => {
    const { result, unmount } = render(mine);
    await act(async () => {});
    act(() => result.current.finish(null));
    expect(result.current.state).toBe('none');
    unmount();
    await act(async () => vi.advanceTimersByTime(RELEASE_DELAY_MS + RENEW_MS));
    expect(releaseChange).not.toHaveBeenCalled();
    expect(claimChange).not.toHaveBeenCalled();
  });

  it('says a row lost to another operator, and renews nothing more', async () => {
    vi.mocked(claimChange).mockRejectedValue(handledBy);
    const onLost = vi.fn();
    const { result } = render(null, onLost);
    await act(async () => {});
    expect(onLost).toHaveBeenCalledWith(handledBy);
    expect(result.current.state).toBe('lost');
    await act(async () => vi.advanceTimersByTime(RENEW_MS));
    expect(claimChange).toHaveBeenCalledTimes(1);
    // Nor lets it go: it is another operator's.
    expect(releaseChange).not.toHaveBeenCalled();
  });
});
