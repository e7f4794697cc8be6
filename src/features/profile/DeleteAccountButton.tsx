import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { TWO_FACTOR_MSG } from '@contract/plain/totp';
import { USER_MSG } from '@contract/users';
import { notice } from '../../app/notify';
import { FormField } from '../../components/FormField';
import { useGetTotpStatusQuery } from '../settings/securityApi';
import { isCancelled, signInWithGoogle } from '../session/googleAuth';
import { useGetAuthProvidersQuery } from '../session/oauthApi';
import { useLogoutMutation } from '../session/sessionApi';
import { ConfirmDialog } from './ConfirmDialog';
import { useDeleteAccountMutation } from './profileApi';
import '../session/google.css';

type Errors = { password?: string; code?: string; google?: string };

/**
 * Deletes the account after the spec's confirmation and a re-authentication (ADR 55, 57): the
 * password, or for a Google-only account a fresh Google sign-in; plus the code when two-factor
 * sign-in is on. Then signs out and goes home.
 */
export function DeleteAccountButton() {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [googleBusy, setGoogleBusy] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const { data: security } = useGetTotpStatusQuery(undefined, { skip: !asking });
  const { data: providers } = useGetAuthProvidersQuery(undefined, { skip: !asking || security?.hasPassword !== false });
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  const opener = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);
  const googleOnly = security?.hasPassword === false;
  const needsCode = Boolean(security?.enabled);

  // What this browser still holds of the account is cleared once the guarded pages are gone:
  // cleared earlier, their guard would still be on screen and send the person to /login.
  useEffect(
    () => () => {
      if (deleted.current) void logout();
    },
    [logout],
  );

  const cancel = () => {
    setAsking(false);
    setPassword('');
    setCode('');
    setErrors({});
    opener.current?.focus();
  };

  const send = async (proof: { password?: string; idToken?: string }) => {
    try {
      await deleteAccount({ ...proof, ...(needsCode ? { code: code.trim() } : {}) }).unwrap();
    } catch (err) {
      // A wrong password or code (or too many tries) keeps the dialog open with the server's reason.
      const status = (err as { status?: unknown }).status;
      const data = (err as { data?: { msg?: unknown; errors?: Record<string, unknown> } }).data;
      if ((status === 400 || status === 403 || status === 429) && typeof data?.msg === 'string') {
        const field = typeof data.errors?.code === 'string' ? 'code' : googleOnly ? 'google' : 'password';
        return setErrors({ [field]: data.msg });
      }
      notice(USER_MSG.deleteFailed, 'error');
      return cancel();
    }
    notice(USER_MSG.deleted, 'success');
    deleted.current = true;
    navigate('/');
  };

  const codeMissing = () => {
    if (needsCode && !code.trim()) {
      setErrors((e) => ({ ...e, code: TWO_FACTOR_MSG.codeRequired }));
      return true;
    }
    return false;
  };

  const confirm = () => {
    if (!security || googleOnly) return;
    if (!password) return setErrors({ password: USER_MSG.deletePasswordRequired });
    if (codeMissing()) return;
    void send({ password });
  };

  const confirmWithGoogle = async () => {
    const google = providers?.google;
    if (codeMissing()) return;
    if (!google) return setErrors({ google: USER_MSG.deleteGoogleRequired });
    setGoogleBusy(true);
    try {
      const profile = await signInWithGoogle(google);
      await send({ idToken: profile.googleIdToken });
    } catch (err) {
      if (!isCancelled(err)) setErrors({ google: USER_MSG.deleteGoogleRequired });
    } finally {
      setGoogleBusy(false);
    }
  };

  const codeField = needsCode && (
    <FormField label={TWO_FACTOR_MSG.codeLabel} name="code" autoComplete="one-time-code" spellCheck={false} autoCapitalize="off"
      maxLength={20} value={code} error={errors.code}
      onChange={(e) => { setCode(e.target.value); setErrors((x) => ({ ...x, code: undefined })); }}
      onKeyDown={(e) => { if (e.key === 'Enter' && !googleOnly) confirm(); }} />
  );

  return (
    <>
      <button ref={opener} type="button" className="btn btn-destructive" onClick={() => setAsking(true)}>
        Usuń konto
      </button>
      {asking && (
        <ConfirmDialog title="Usuń konto" text={USER_MSG.deleteConfirm} confirmLabel="Tak, usuń konto" busy={isLoading || googleBusy || !security}
          hideConfirm={googleOnly}
          onConfirm={confirm} onCancel={cancel}>
          {!security ? (
            <p>Wczytywanie…</p>
          ) : googleOnly ? (
            <div className="delete-google">
              <p>{USER_MSG.deleteGooglePrompt}</p>
              {codeField}
              <button type="button" className="btn btn-google" disabled={googleBusy || isLoading} onClick={() => void confirmWithGoogle()}>
                {googleBusy ? 'Łączenie z Google…' : 'Potwierdź przez Google'}
              </button>
              {errors.google && <p className="field-error" role="alert">{errors.google}</p>}
            </div>
          ) : (
            <>
              <FormField label={USER_MSG.deletePasswordPrompt} name="password" type="password" autoComplete="current-password"
                value={password} error={errors.password}
                onChange={(e) => { setPassword(e.target.value); setErrors((x) => ({ ...x, password: undefined })); }}
                onKeyDown={(e) => { if (e.key === 'Enter') confirm(); }} />
              {codeField}
            </>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
