import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Navbar } from '../components/Navbar';
import { PageFallback } from '../components/PageFallback';
import { useAppSelector } from './hooks';

// Most visits never see the popup again, so it (and the contract's zod schemas) load on demand.
const CookieConsent = lazy(() => import('../features/consent/CookieConsent').then((m) => ({ default: m.CookieConsent })));

export function RootLayout() {
  const consentOpen = useAppSelector((state) => state.consent.isOpened);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Przejdź do treści
      </a>
      <Navbar />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {consentOpen && (
        <Suspense fallback={null}>
          <CookieConsent />
        </Suspense>
      )}
    </div>
  );
}
