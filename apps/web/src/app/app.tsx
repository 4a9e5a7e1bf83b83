import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { refreshSession } from '@/features/auth/api/get-session';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** The app's query cache: a call answered 401 means the session expired, so the session is asked again. */
export function createAppQueryClient() {
  return createQueryClient({ onUnauthorized: (client) => void refreshSession(client) });
}

export function App() {
  const [queryClient] = useState(createAppQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
