import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@contract/messages';
import { useAppDispatch } from '../../app/hooks';
import { notice } from '../../app/notify';
import { isCancelled, preloadFirebase, signInWithGoogle } from './googleAuth';
import type { ProvidersResponse } from '@contract/users';
import { useLoginWithGoogleMutation } from './oauthApi';
import { sessionApi } from './sessionApi';
import { userUpdated } from './sessionSlice';
import './google.css';
import { safeNextPath } from './sessionEnd';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z" />
      <path fill="#FBBC05" d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

/**
 * 'Zaloguj przez Google' for a server with Google sign-in configured (GoogleSignIn.tsx shows it). A
 * known person is signed in; a new one finishes on /register-oauth with what Google told us.
 */
export function GoogleSignInButton({ label, google }: { label: string; google: NonNullable<ProvidersResponse['google']> }) {
  const [loginWithGoogle] = useLoginWithGoogleMutation();
  const [busy, setBusy] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // After an ended session, back where the person was (LoginPage reads the same `next`).
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const location = useLocation();

  const start = async () => {
    setBusy(true);
    try {
      const profile = await signInWithGoogle(google);
      const answer = await loginWithGoogle({ email: profile.email, googleIdToken: profile.googleIdToken }).unwrap();
      if (!answer.registered) {
        navigate('/register-oauth', { state: profile });
        return;
      }
      if ('secondStep' in answer) {
        // Two-factor sign-in: the login page asks for the code (keeping `next`).
        navigate({ pathname: '/login', search: location.pathname === '/login' ? location.search : '' }, { state: { loginToken: answer.loginToken } });
        return;
      }
      const { msg: _msg, registered: _registered, ...user } = answer;
      dispatch(userUpdated(user));
      void dispatch(sessionApi.endpoints.getCurrentStats.initiate(undefined, { subscribe: false, forceRefetch: true }));
      navigate(next ?? '/dashboard', { replace: true });
    } catch (error) {
      if (!isCancelled(error)) notice(MSG.googleLoginFailed, 'error');
    } finally {
      setBusy(false);
    }
  };

  const warmUp = () => void preloadFirebase().catch(() => undefined);
  return (
    <div className="google-signin">
      <p className="google-signin-or">
        <span>lub</span>
      </p>
      <button type="button" className="btn btn-google btn-block" onClick={() => void start()} onPointerEnter={warmUp} onFocus={warmUp}
        disabled={busy}>
        <GoogleLogo />
        {busy ? 'Łączenie z Google…' : label}
      </button>
    </div>
  );
}
