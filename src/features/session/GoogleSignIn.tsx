import { lazy, Suspense } from 'react';
import { useGetAuthProvidersQuery } from './oauthApi';

// The button, its logo, Firebase's loader and the sign-in flow come only where Google sign-in is
// configured (issue 15): most deployments have it off, and their login page loads none of it.
const GoogleSignInButton = lazy(() => import('./GoogleSignInButton').then((m) => ({ default: m.GoogleSignInButton })));

/** 'Zaloguj przez Google' / 'Zarejestruj przez Google' when the server has Google sign-in configured; nothing otherwise. */
export function GoogleSignIn({ label }: { label: string }) {
  const { data } = useGetAuthProvidersQuery();
  const google = data?.google;
  if (!google) return null;
  return (
    <Suspense fallback={null}>
      <GoogleSignInButton label={label} google={google} />
    </Suspense>
  );
}
