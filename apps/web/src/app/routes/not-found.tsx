import { NotFoundPage } from '@/components/not-found-page';

/** Any address the app does not know. */
export function NotFoundRoute() {
  return <NotFoundPage />;
}
