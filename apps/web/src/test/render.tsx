import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/*
 * With fake timers, drive components with fireEvent rather than the user: Testing Library's async helpers
 * wait on a real-time tick that vitest's fake timers never let pass.
 */

/** Renders a component inside the app's providers with a fresh query cache, and a user to drive it. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  return { user, queryClient, ...render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>) };
}

/**
 * Renders a screen at `url` under the route pattern `path`, as the app's router would; `router.state.location`
 * tells where the screen navigated.
 */
export function renderRoute(path: string, url: string, ui: ReactElement) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [url] });
  const rendered = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, queryClient, router, ...rendered };
}

/** A JSON answer of the stubbed fetch. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs fetch with `respond`, which sees the called URL, method and parsed JSON body. */
export function stubApi(
  respond: (request: { url: string; method: string; body: unknown }) => Response | Promise<Response>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return respond({ url: String(input), method: init?.method ?? 'GET', body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
