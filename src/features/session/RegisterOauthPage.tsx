import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { REDIRECT_MS } from '@contract/constants';
import { MSG } from '@contract/messages';
import { OAUTH_MSG, completeOauthBody, splitDisplayName } from '@contract/users';
import { fieldErrors } from '@contract/validation';
import { errorBody } from '../../api/errors';
import { notice } from '../../app/notify';
import { FormAlert } from '../../components/FormAlert';
import { DateField } from '../../components/DateTimeFields';
import { FormField } from '../../components/FormField';
import { useFormValues } from '../../components/useFormValues';
import { AuthCard } from './AuthCard';
import type { GoogleProfile } from './googleAuth';
import { useCompleteGoogleSignUpMutation } from './oauthApi';

function googleProfile(state: unknown): GoogleProfile | null {
  const s = state as Partial<GoogleProfile> | null;
  return s && typeof s.email === 'string' && s.email && typeof s.googleIdToken === 'string' && s.googleIdToken
    ? { email: s.email, googleIdToken: s.googleIdToken, displayName: s.displayName ?? null, photoURL: s.photoURL ?? null }
    : null;
}

/** Finishes a sign-up started with Google: a nick and a birth date (spec /register-oauth). */
export function RegisterOauthPage() {
  const { state } = useLocation();
  const [profile] = useState(() => googleProfile(state));
  const { values, bind, errors, setErrors } = useFormValues({ nick: '', birthDate: '', ...splitDisplayName(profile?.displayName) }, (v) => {
    const parsed = completeOauthBody.safeParse({ ...v, email: profile?.email, googleIdToken: profile?.googleIdToken, avatarUrl: profile?.photoURL });
    return parsed.success ? {} : fieldErrors(parsed.error);
  });
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState(false);
  const [complete, { isLoading }] = useCompleteGoogleSignUpMutation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    if (!profile) return setFormError(OAUTH_MSG.missingData);
    if (!values.nick.trim() || !values.birthDate) return setFormError(OAUTH_MSG.fillAll);
    const body = { ...values, email: profile.email, googleIdToken: profile.googleIdToken, avatarUrl: profile.photoURL };
    const parsed = completeOauthBody.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    try {
      await complete(body).unwrap();
      notice(OAUTH_MSG.completed, 'success');
      setDone(true);
    } catch (error) {
      const { msg, errors: fields } = errorBody(error);
      setErrors(fields ?? {});
      setFormError(msg ?? OAUTH_MSG.completeFailed);
    }
  };

  return (
    <AuthCard
      title="Jeszcze tylko jeden krok"
      intro="Wybierz nick i podaj datę urodzenia — aplikacja dla użytkowników 7+."
      footer={<Link to="/login">Wróć do logowania</Link>}
    >
      {profile ? (
        <form className="auth-form" noValidate onSubmit={submit}>
          <p className="auth-intro">
            Konto Google: <strong>{profile.email}</strong>
          </p>
          <FormField label="Nick" autoComplete="nickname" hint={MSG.nickHint} {...bind('nick')} error={errors.nick} />
          <div className="auth-row">
            <FormField label="Imię" autoComplete="given-name" {...bind('name')} error={errors.name} />
            <FormField label="Nazwisko" autoComplete="family-name" {...bind('surname')} error={errors.surname} />
          </div>
          <DateField label="Data urodzenia" autoComplete="bday" {...bind('birthDate')}
            error={errors.birthDate} />
          <FormAlert message={formError} />
          <button type="submit" className="btn btn-primary btn-block" disabled={isLoading || done}>
            {isLoading ? 'Zapisywanie…' : 'Zakończ rejestrację'}
          </button>
        </form>
      ) : (
        <FormAlert message={OAUTH_MSG.missingData} />
      )}
    </AuthCard>
  );
}
