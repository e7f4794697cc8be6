import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { USER_MSG } from '@contract/users';
import { notice } from '../../app/notify';
import { useLogoutMutation } from '../session/sessionApi';
import { ConfirmDialog } from './ConfirmDialog';
import { useDeleteAccountMutation } from './profileApi';

/** Deletes the account after the spec's confirmation, then signs out and goes home. */
export function DeleteAccountButton() {
  const [asking, setAsking] = useState(false);
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
    opener.current?.focus();
  };

  const confirm = async () => {
    try {
      await deleteAccount().unwrap();
    } catch {
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
          onConfirm={() => void confirm()} onCancel={cancel} />
      )}
    </>
  );
}
