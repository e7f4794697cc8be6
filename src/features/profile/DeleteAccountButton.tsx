import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { USER_MSG } from '@contract/users';
import { notice } from '../../app/notify';
import { FormField } from '../../components/FormField';
import { useLogoutMutation } from '../session/sessionApi';
import { ConfirmDialog } from './ConfirmDialog';
import { useDeleteAccountMutation } from './profileApi';

/** Deletes the account after the spec's confirmation, then signs out and goes home. */
export function DeleteAccountButton() {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  const opener = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);

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
    setError(null);
    opener.current?.focus();
  };

  const confirm = async () => {
    if (!password) return setError(USER_MSG.deletePasswordRequired);
    try {
      await deleteAccount({ password }).unwrap();
    } catch (err) {
      // A wrong password (or too many tries) keeps the dialog open with the server's reason.
      const status = (err as { status?: unknown }).status;
      const msg = (err as { data?: { msg?: unknown } }).data?.msg;
      if ((status === 400 || status === 403 || status === 429) && typeof msg === 'string') return setError(msg);
      notice(USER_MSG.deleteFailed, 'error');
      return cancel();
    }
    notice(USER_MSG.deleted, 'success');
    deleted.current = true;
    navigate('/');
  };

  return (
    <>
      <button ref={opener} type="button" className="btn btn-destructive" onClick={() => setAsking(true)}>
        Usuń konto
      </button>
      {asking && (
        <ConfirmDialog title="Usuń konto" text={USER_MSG.deleteConfirm} confirmLabel="Tak, usuń konto" busy={isLoading}
          onConfirm={() => void confirm()} onCancel={cancel}>
          <FormField label={USER_MSG.deletePasswordPrompt} name="password" type="password" autoComplete="current-password"
            value={password} error={error ?? undefined}
            onChange={(e) => { setPassword(e.target.value); setError(null); }}
            onKeyDown={(e) => { if (e.key === 'Enter') void confirm(); }} />
        </ConfirmDialog>
      )}
    </>
  );
}
