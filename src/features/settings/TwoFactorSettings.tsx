import { useState, type FormEvent } from 'react';
import { SETTINGS_NOTICE_MS } from '@contract/constants';
import { TWO_FACTOR_MSG, type TotpSetup } from '@contract/two-factor';
import { errorBody, errorStatus } from '../../api/errors';
import { notice } from '../../app/notify';
import { FormField } from '../../components/FormField';
import { isCancelled, signInWithGoogle } from '../session/googleAuth';
import { useGetAuthProvidersQuery } from '../session/oauthApi';
import '../session/google.css';
import { useDisableTotpMutation, useEnableTotpMutation, useGetTotpStatusQuery, useStartTotpSetupMutation } from './securityApi';

const FAILED = 'Nie udało się. Spróbuj ponownie.';

/** The field error of a refused code, or a notice for anything else. */
function codeError(err: unknown): string | undefined {
  const body = errorBody(err);
  const status = errorStatus(err);
  if (body.errors?.code) return body.errors.code;
  if (status === 400 || status === 403 || status === 409 || status === 429) return body.msg ?? FAILED;
  notice(FAILED, 'error', SETTINGS_NOTICE_MS);
  return undefined;
}

function codeProblem(code: string): string | undefined {
  if (!code.trim()) return TWO_FACTOR_MSG.codeRequired;
  if (!/^[A-Za-z0-9 -]{1,20}$/.test(code.trim())) return TWO_FACTOR_MSG.codeInvalid;
  return undefined;
}

/** 'Weryfikacja dwuetapowa': setup with a QR code, recovery codes shown once, switching off with a code. */
export function TwoFactorSettings() {
  const { data: status, isLoading, isError } = useGetTotpStatusQuery();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  // Before the QR code: who is at the keyboard (the password, or a fresh Google sign-in), ADR 57.
  const [proving, setProving] = useState(false);
  const [password, setPassword] = useState('');
  const [proofError, setProofError] = useState<string>();
  const [googleBusy, setGoogleBusy] = useState(false);
  const googleOnly = status?.hasPassword === false;
  const { data: providers } = useGetAuthProvidersQuery(undefined, { skip: !proving || !googleOnly });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [startSetup, { isLoading: starting }] = useStartTotpSetupMutation();
  const [enable, { isLoading: enabling }] = useEnableTotpMutation();
  const [disable, { isLoading: disabling }] = useDisableTotpMutation();

  const stopProving = () => {
    setProving(false);
    setPassword('');
    setProofError(undefined);
  };

  const begin = async (proof: { password?: string; idToken?: string }) => {
    try {
      setSetup(await startSetup(proof).unwrap());
      stopProving();
      setCode('');
      setError(undefined);
    } catch (err) {
      const body = errorBody(err);
      const status = errorStatus(err);
      if (status === 400 || status === 403 || status === 409 || status === 429) setProofError(body.errors?.password ?? body.msg ?? FAILED);
      else notice(FAILED, 'error', SETTINGS_NOTICE_MS);
    }
  };

  const proveWithPassword = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setProofError(TWO_FACTOR_MSG.setupPasswordRequired);
    void begin({ password });
  };

  const proveWithGoogle = async () => {
    const google = providers?.google;
    if (!google) return setProofError(TWO_FACTOR_MSG.setupGoogleRequired);
    setGoogleBusy(true);
    try {
      const profile = await signInWithGoogle(google);
      await begin({ idToken: profile.googleIdToken });
    } catch (err) {
      if (!isCancelled(err)) setProofError(TWO_FACTOR_MSG.setupGoogleRequired);
    } finally {
      setGoogleBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const problem = codeProblem(code);
    if (problem) return setError(problem);
    try {
      const answer = await enable({ code: code.trim() }).unwrap();
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      notice(answer.msg, 'success', SETTINGS_NOTICE_MS);
    } catch (err) {
      setError(codeError(err));
    }
  };

  const turnOff = async (e: FormEvent) => {
    e.preventDefault();
    const problem = codeProblem(code);
    if (problem) return setError(problem);
    try {
      const answer = await disable({ code: code.trim() }).unwrap();
      setCode('');
      setRecoveryCodes(null);
      notice(answer.msg, 'success', SETTINGS_NOTICE_MS);
    } catch (err) {
      setError(codeError(err));
    }
  };

  const codeField = (label: string) => (
    <FormField label={label} name="totp-code" autoComplete="one-time-code" spellCheck={false} autoCapitalize="off" maxLength={20}
      value={code} error={error} onChange={(e) => { setCode(e.target.value); setError(undefined); }} />
  );

  if (isLoading) return <p>Wczytywanie…</p>;
  if (isError || !status) return <p>Nie udało się wczytać ustawień weryfikacji dwuetapowej.</p>;

  if (recoveryCodes) {
    return (
      <div className="settings-2fa">
        <p>
          <strong>Zapisz kody odzyskiwania</strong> w bezpiecznym miejscu. Każdy działa jeden raz, gdy nie masz dostępu do aplikacji.
          Nie pokażemy ich ponownie.
        </p>
        <ol className="settings-recovery-codes" aria-label="Kody odzyskiwania">
          {recoveryCodes.map((c) => (
            <li key={c}><code>{c}</code></li>
          ))}
        </ol>
        <button type="button" className="btn btn-primary" onClick={() => setRecoveryCodes(null)}>
          Zapisałem kody
        </button>
      </div>
    );
  }

  if (status.enabled) {
    return (
      <form className="settings-2fa" noValidate onSubmit={turnOff}>
        <p>
          <strong>Włączona.</strong> Przy logowaniu poza hasłem podajesz kod z aplikacji. Pozostałe kody odzyskiwania: {status.recoveryCodesLeft}.
        </p>
        {codeField('Kod z aplikacji, aby wyłączyć')}
        <button type="submit" className="btn btn-secondary" disabled={disabling}>
          Wyłącz weryfikację dwuetapową
        </button>
      </form>
    );
  }

  if (setup) {
    return (
      <form className="settings-2fa" noValidate onSubmit={confirm}>
        <p>Zeskanuj kod QR aplikacją uwierzytelniającą (np. Google Authenticator, Aegis, 1Password), a potem wpisz pokazany w niej kod.</p>
        <img className="settings-qr" src={setup.qrDataUrl} alt="Kod QR do aplikacji uwierzytelniającej" width={200} height={200} />
        <p>
          Nie możesz zeskanować? Wpisz ręcznie klucz: <code className="settings-secret">{setup.secret}</code>
        </p>
        {codeField('Kod z aplikacji')}
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={enabling}>
            Włącz
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => { setSetup(null); setError(undefined); setCode(''); }}>
            Anuluj
          </button>
        </div>
      </form>
    );
  }

  if (proving && googleOnly) {
    return (
      <div className="settings-2fa">
        <p>{TWO_FACTOR_MSG.setupGoogleRequired}.</p>
        <div className="settings-actions">
          <button type="button" className="btn btn-google" disabled={googleBusy || starting} onClick={() => void proveWithGoogle()}>
            {googleBusy ? 'Łączenie z Google…' : 'Potwierdź przez Google'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={stopProving}>
            Anuluj
          </button>
        </div>
        {proofError && <p className="field-error" role="alert">{proofError}</p>}
      </div>
    );
  }

  if (proving) {
    return (
      <form className="settings-2fa" noValidate onSubmit={proveWithPassword}>
        <p>Aby włączyć weryfikację dwuetapową, potwierdź, że to Ty.</p>
        <FormField label={TWO_FACTOR_MSG.setupPasswordLabel} name="current-password" type="password" autoComplete="current-password" autoFocus
          value={password} error={proofError} onChange={(e) => { setPassword(e.target.value); setProofError(undefined); }} />
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={starting}>
            Dalej
          </button>
          <button type="button" className="btn btn-secondary" onClick={stopProving}>
            Anuluj
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="settings-2fa">
      <p>Poza hasłem logowanie wymaga kodu z aplikacji uwierzytelniającej w telefonie. Nawet znając hasło, nikt nie zaloguje się bez niego.</p>
      <button type="button" className="btn btn-secondary" onClick={() => setProving(true)}>
        Włącz weryfikację dwuetapową
      </button>
    </div>
  );
}
