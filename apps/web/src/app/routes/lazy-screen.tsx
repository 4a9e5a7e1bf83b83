import { lazy, Suspense, type ComponentType } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner';

/**
 * A screen whose code loads the first time it renders, behind the app's spinner, so that it stays out of the
 * bundle the public pages download. It renders only where the route guard let the user in, so nobody
 * downloads a screen they may not open.
 */
export function lazyScreen<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  const Screen = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <Screen />
      </Suspense>
    );
  };
}
