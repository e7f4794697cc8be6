import { useEffect, useState, type ReactNode } from 'react';
import { PageFallback } from '../components/PageFallback';
import { useAppSelector, useAppStore } from './hooks';
import { loadSignedInPart, selectSignedInPartLoaded } from './store';

/**
 * Renders its children once the store's signed-in part is in (store.ts, docs/adr/0036), the
 * fallback until then. A part that cannot be downloaded shows the ERROR page (AppRoutes' boundary).
 */
export function SignedInPart({ children, fallback = <PageFallback /> }: { children: ReactNode; fallback?: ReactNode }) {
  const store = useAppStore();
  const loaded = useAppSelector(selectSignedInPartLoaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  useEffect(() => {
    if (!loaded) loadSignedInPart(store).catch((error: unknown) => setFailure({ error }));
  }, [loaded, store]);

  if (failure) throw failure.error;
  return loaded ? children : fallback;
}
