import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Navbar } from '../components/Navbar';
import { PageFallback } from '../components/PageFallback';
import { CookieConsent } from '../features/consent/CookieConsent';
import { SessionEndedRedirect } from '../features/session/SessionEndedRedirect';
import { useAppSelector } from './hooks';

export function RootLayout() {
  const consentOpen = useAppSelector((state) => state.consent.isOpened);
  return (
    <div className="app-shell">
      <SessionEndedRedirect />
      <a className="skip-link" href="#main">
        Przejdź do treści
      </a>
      <Navbar />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {/* In the first download (about 1 KB): a first visit shows it at once, without another round trip. */}
      {consentOpen && <CookieConsent />}
    </div>
  );
}
