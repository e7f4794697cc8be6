import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { SignedInPart } from '../../app/SignedInPart';
import { useAppSelector } from '../../app/hooks';
import '../../components/pages.css';

/** Signed-in users only (spec: 'Loading...' while the session is being determined, else /login). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, ended, loggedOut } = useAppSelector((state) => state.session);
  // SessionEndedRedirect sends the person to /login with the notice and the way back.
  if (ended) return null;
  if (loading) {
    return (
      <p className="page-fallback" role="status">
        Loading...
      </p>
    );
  }
  // Logged out here: home, where the Wyloguj się button is taking the person anyway.
  if (!user) return <Navigate to={loggedOut ? '/' : '/login'} replace />;
  return <SignedInPart>{children}</SignedInPart>;
}
