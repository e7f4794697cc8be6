import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@contract/messages';
import { notice } from '../../app/notify';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { PageFallback } from '../../components/PageFallback';
import { PasswordField } from '../../components/PasswordField';
import { useFormValues } from '../../components/useFormValues';
import { AuthCard } from './AuthCard';
import { GoogleSignIn } from './GoogleSignIn';
import { loginErrorText } from './loginError';
import { safeNextPath } from './sessionEnd';
import { useLoginMutation } from './sessionApi';

// Only people with two-factor sign-in on see the second step: its code comes with the server's ask.
const SecondStepForm = lazy(() => import('./SecondStepForm').then((m) => ({ default: m.SecondStepForm })));

/** The form's rules (zod) come when the person starts filling the form in, or at the latest on submit. */
const loadRules = () => import('./loginRules');
let loadedRules: Awaited<ReturnType<typeof loadRules>> | undefined;
const warmUpRules = () => void loadRules().then((rules) => (loadedRules = rules), () => undefined);
/** Errors only show after a submit, which loaded the rules: re-checking while typing uses them. */
const checkLoginLoaded = (values: { email: string; password: string }) => {
  const check = loadedRules?.checkLogin(values);
  return check && !check.ok ? check.errors : {};
};

/** The e-mail verification link ends here with ?status=success or ?status=invalid. */
function useVerificationNotice(status: string | null) {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    if (status === 'success') notice(MSG.verifiedNotice, 'success');
    else if (status === 'invalid') notice(MSG.verifyInvalid, 'error');
  }, [status]);
}

export function LoginPage() {
  const { values, bind, errors, setErrors } = useFormValues({ email: '', password: '' }, checkLoginLoaded);
  const [formError, setFormError] = useState<string>();
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useVerificationNotice(params.get('status'));
  const sessionEndedNotice = params.get('reason') === 'session-ended';
  const next = safeNextPath(params.get('next'));
  // A pending two-factor login: from the password below, or from Google sign-in (navigation state).
  const location = useLocation();
  const stateToken = (location.state as { loginToken?: unknown } | null)?.loginToken;
  const [pending, setPending] = useState<string | null>(typeof stateToken === 'string' ? stateToken : null);
  useEffect(() => {
    if (typeof stateToken === 'string') setPending(stateToken);
  }, [stateToken]);
  const finish = () => navigate(next ?? '/dashboard', { replace: true });
  const restart = (reason?: string) => {
    setPending(null);
    setFormError(reason);
    // Dropping the navigation state keeps a reload or Back from bringing the used token back.
    if (stateToken) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    const check = await loadRules().then((rules) => {
      loadedRules = rules;
      return rules.checkLogin(values);
    }, () => null);
    if (!check) return setFormError(MSG.loginFailed);
    if (!check.ok) return setErrors(check.errors);
    setErrors({});
    try {
      const answer = await login(check.body).unwrap();
      if ('secondStep' in answer) return setPending(answer.loginToken);
      finish();
    } catch (error) {
      setFormError(loginErrorText(error));
    }
  };

  return (
    <AuthCard
      title="Zaloguj się"
      intro="Wróć do gry: znajdź mecz w okolicy albo zbierz własną drużynę."
      footer={
        <p>
          Nie masz konta? <Link to="/register">Zarejestruj się</Link>
        </p>
      }
    >
      {sessionEndedNotice && (
        <p className="auth-notice" role="status">
          {MSG.sessionEnded}
        </p>
      )}
      {pending ? (
        <Suspense fallback={<PageFallback />}>
          <SecondStepForm loginToken={pending} onDone={finish} onRestart={restart} />
        </Suspense>
      ) : (
        <>
          <form className="auth-form" noValidate onSubmit={submit} onFocus={warmUpRules}>
            <FormField label="Email" type="email" autoComplete="email" {...bind('email')} error={errors.email} />
            <PasswordField label="Hasło" autoComplete="current-password" {...bind('password')} error={errors.password} />
            <Link className="auth-aside-link" to="/forget-password">
              Nie pamiętasz hasła?
            </Link>
            <FormAlert message={formError} />
            <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
              {isLoading ? 'Logowanie…' : 'Zaloguj się'}
            </button>
          </form>
          <GoogleSignIn label="Zaloguj przez Google" />
        </>
      )}
    </AuthCard>
  );
}
