import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** Renders a component inside the app's providers with a fresh query cache, and a user to drive it. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  return { user, queryClient, ...render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>) };
}
