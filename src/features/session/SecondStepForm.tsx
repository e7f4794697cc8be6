import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_MSG } from '@contract/plain/totp';
import { errorMsg, errorStatus } from '../../api/errors';
import { FormAlert } from '../../components/FormAlert';
import { FormField } from '../../components/FormField';
import { useLoginSecondStepMutation } from './sessionApi';

/**
 * The second login step of an account with two-factor sign-in: a code from the authenticator app or
 * one of the recovery codes. An expired or used-up pending login goes back to the password (onRestart).
 */
export function SecondStepForm({ loginToken, onDone, onRestart }: { loginToken: string; onDone: () => void; onRestart: (reason?: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [send, { isLoading }] = useLoginSecondStepMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    const typed = code.trim();
    if (!typed) return setError(TWO_FACTOR_MSG.codeRequired);
    if (!/^[A-Za-z0-9 -]{1,20}$/.test(typed)) return setError(TWO_FACTOR_MSG.codeInvalid);
    try {
      await send({ loginToken, code: typed }).unwrap();
      onDone();
    } catch (err) {
      const status = errorStatus(err);
      if (status === 400) return onRestart(errorMsg(err) ?? TWO_FACTOR_MSG.loginExpired);
      if (status === 429) return onRestart(errorMsg(err));
      if (status === 401) return setError(TWO_FACTOR_MSG.codeInvalid);
      setFormError(errorMsg(err) ?? 'Nie udało się zalogować. Spróbuj ponownie.');
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-label="Weryfikacja dwuetapowa">
      <p className="auth-notice" role="status">
        {TWO_FACTOR_MSG.secondStepRequired} Możesz też użyć jednego z kodów odzyskiwania.
      </p>
      <FormField label={TWO_FACTOR_MSG.codeLabel} name="code" autoComplete="one-time-code" autoFocus spellCheck={false}
        autoCapitalize="off" maxLength={20} value={code} error={error}
        onChange={(e) => { setCode(e.target.value); setError(undefined); }} />
      <FormAlert message={formError} />
      <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
        {isLoading ? 'Sprawdzanie…' : 'Potwierdź'}
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={() => onRestart()}>
        Wróć do logowania
      </button>
    </form>
  );
}
