import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@registry/shared';
import { jsonResponse, stubApi } from '@/test/render';
import { createAppQueryClient } from './app';
import { AppProvider } from './provider';
import { routes } from './router';

const operator: SessionInfo = {
  IsAuthenticated: true,
  IsOperator: true,
  Organization: null,
  FullName: 'Оператор',
};
const anonymous: SessionInfo = {
  IsAuthenticated: false,
  IsOperator: false,
  Organization: null,
  FullName: null,
};
const expired = { ErrorMessage: 'Требуется вход в систему', ErrorId: 'e-401' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an expired session', () => {
  it('sends the user to the public registry instead of showing an error', async () => {
    // The server forgot the session between the first question and the next calls.
    let sessionCalls = 0;
    stubApi(({ url }) => {
      if (url === '/api/v1/account') return jsonResponse(200, sessionCalls++ === 0 ? operator : anonymous);
      return jsonResponse(401, expired);
    });
    const router = createMemoryRouter(routes, { initialEntries: ['/operators'] });
    render(
      <AppProvider queryClient={createAppQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/public'));
    expect(sessionCalls).toBeGreaterThan(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Требуется вход в систему')).not.toBeInTheDocument();
  });
});
