import { SETTINGS_NOTICE_MS } from '@contract/constants';
import { notice } from '../../app/notify';
import { useSignOut } from '../session/useSignOut';
import { useEndSessionMutation, useGetSessionsQuery, useLogoutOtherSessionsMutation } from './securityApi';

const FAILED = 'Nie udało się wylogować. Spróbuj ponownie.';
const when = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Aktywne sesje': where the person is signed in, signing out one device or all the others. */
export function SessionsSettings() {
  const { data, isLoading, isError } = useGetSessionsQuery(undefined, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const [endOne, { isLoading: ending }] = useEndSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useLogoutOtherSessionsMutation();
  const signOut = useSignOut();

  if (isLoading) return <p>Wczytywanie…</p>;
  if (isError || !data) return <p>Nie udało się wczytać listy sesji.</p>;
  const sessions = data.sessions;
  const others = sessions.filter((s) => !s.current).length;

  const end = async (id: string, current: boolean) => {
    if (current) {
      // This very browser: signing it out from the list is Wyloguj się.
      signOut();
      return;
    }
    try {
      notice((await endOne(id).unwrap()).msg, 'success', SETTINGS_NOTICE_MS);
    } catch {
      notice(FAILED, 'error', SETTINGS_NOTICE_MS);
    }
  };

  const endAllOthers = async () => {
    try {
      notice((await endOthers().unwrap()).msg, 'success', SETTINGS_NOTICE_MS);
    } catch {
      notice(FAILED, 'error', SETTINGS_NOTICE_MS);
    }
  };

  return (
    <div className="settings-sessions">
      <ul className="settings-session-list">
        {sessions.map((s) => (
          <li key={s.id} className="settings-session">
            <div>
              <strong>
                {s.browser}, {s.os}
              </strong>
              {s.current && <span className="settings-session-here"> · to urządzenie</span>}
              <p>
                Zalogowano {when.format(new Date(s.createdAt))} · ostatnio używana {when.format(new Date(s.lastSeenAt))}
              </p>
            </div>
            <button type="button" className="btn btn-secondary" disabled={ending} onClick={() => void end(s.id, s.current)}
              aria-label={`Wyloguj: ${s.browser}, ${s.os}${s.current ? ' (to urządzenie)' : ''}`}>
              Wyloguj
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-destructive" disabled={endingOthers || others === 0} onClick={() => void endAllOthers()}>
        Wyloguj inne urządzenia
      </button>
    </div>
  );
}
