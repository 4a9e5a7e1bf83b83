import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { closeErrorDialog, useErrorDialogState } from './error-dialog';
import { createQueryClient } from './query-client';
import { renderHook } from '@testing-library/react';

function dialogState() {
  return renderHook(() => useErrorDialogState()).result.current;
}

const fail = (status: number) => () =>
  Promise.reject(new ApiError(status, { ErrorMessage: 'x', ErrorId: 'e' }));

afterEach(() => closeErrorDialog());

describe('createQueryClient', () => {
  it('refreshes the session instead of opening the dialog when a query answers 401', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client.fetchQuery({ queryKey: ['stats'], queryFn: fail(401) }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith(client);
    expect(dialogState().isOpen).toBe(false);
  });

  it('does the same for a mutation, even one that shows its own errors', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: fail(401),
      meta: { hasOwnErrorHandling: true },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(dialogState().isOpen).toBe(false);
  });

  it('opens the error dialog for other failures and leaves the session alone', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await client.fetchQuery({ queryKey: ['stats'], queryFn: fail(500) }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(dialogState()).toMatchObject({ isOpen: true, content: { text: 'x', errorId: 'e' } });
  });

  it('leaves a 404 of the thing a page shows to the page, and says any other 404 in the dialog', async () => {
    const client = createQueryClient();
    const subject = { queryKey: ['imports', 7], queryFn: fail(404), meta: { isPageSubject: true } };
    await client.fetchQuery(subject).catch(() => undefined);
    expect(dialogState().isOpen).toBe(false);
    await client
      .fetchQuery({ ...subject, queryKey: ['imports', 8], queryFn: fail(500) })
      .catch(() => undefined);
    expect(dialogState().isOpen).toBe(true);
    closeErrorDialog();
    await client.fetchQuery({ queryKey: ['stats'], queryFn: fail(404) }).catch(() => undefined);
    expect(dialogState().isOpen).toBe(true);
  });
});
