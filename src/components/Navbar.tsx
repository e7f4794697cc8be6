import { lazy, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { SignedInPart } from '../app/SignedInPart';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { sidebarToggled } from '../features/dashboard/dashboardSlice';
import { useSignOut } from '../features/session/useSignOut';
import { SIDEBAR_ID } from '../features/dashboard/dashboardLinks';
import { NavbarAvatar } from './NavbarAvatar';
import { useHeightVar } from './useHeightVar';
import './Navbar.css';

// The bell reads the unread counts of the store's signed-in part: both come after sign-in (docs/adr/0036).
const NotificationBell = lazy(() => import('../features/unread/NotificationBell').then((m) => ({ default: m.NotificationBell })));

function SidebarToggle() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.dashboard.sidebarOpen);
  return (
    <button
      type="button"
      className="navbar-toggle"
      aria-label="Menu boczne"
      aria-expanded={open}
      aria-controls={SIDEBAR_ID}
      onClick={() => dispatch(sidebarToggled())}
    >
      <span className="navbar-toggle-bar" aria-hidden="true" />
      <span className="navbar-toggle-bar" aria-hidden="true" />
      <span className="navbar-toggle-bar" aria-hidden="true" />
    </button>
  );
}

/** Small and quiet: the real-time connection is being tried again (lost, or the server could not check the session). */
function ConnectingIndicator() {
  const connecting = useAppSelector((state) => state.realtime.status === 'connecting');
  if (!connecting) return null;
  return (
    <span className="navbar-connecting" role="status">
      <span className="navbar-connecting-dot" aria-hidden="true" />
      Łączenie…
    </span>
  );
}

export function Navbar() {
  const signedIn = useAppSelector((state) => Boolean(state.session.user));
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const onDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  // Its real height (it wraps on narrow screens): the notices appear below it, never over its links.
  const ref = useRef<HTMLElement>(null);
  useHeightVar(ref, '--navbar-space');

  return (
    <header ref={ref} className="navbar">
      <div className="navbar-start">
        {onDashboard && <SidebarToggle />}
        <Link to="/" className="navbar-logo" aria-label="Graj Razem, strona startowa">
          <img src="/favicon.svg" alt="" width="36" height="36" />
          <span className="navbar-brand" aria-hidden="true">
            Graj Razem
          </span>
        </Link>
      </div>
      <nav className="navbar-links" aria-label="Główna nawigacja">
        {signedIn ? (
          <>
            <ConnectingIndicator />
            {onDashboard && (
              <SignedInPart fallback={null}>
                <NotificationBell />
              </SignedInPart>
            )}
            <NavLink to="/dashboard" end className="navbar-link navbar-link-cta">
              Przejdź do Aplikacji
            </NavLink>
            <NavLink to="/dashboard/profile" className="navbar-link navbar-profile">
              <NavbarAvatar />
              Profil
            </NavLink>
            <button type="button" className="navbar-link navbar-button" onClick={signOut}>
              Wyloguj się
            </button>
          </>
        ) : (
          <>
            <NavLink to="/" end className="navbar-link">
              Strona startowa
            </NavLink>
            <NavLink to="/login" className="navbar-link">
              Zaloguj się
            </NavLink>
            <NavLink to="/register" className="navbar-link navbar-link-cta">
              Zarejestruj się
            </NavLink>
          </>
        )}
      </nav>
    </header>
  );
}
