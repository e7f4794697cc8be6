import { useState } from 'react';
import { SETTINGS_NOTICE_MS } from '@contract/constants';
import { notice } from '../../app/notify';
import { useCreateCalendarFeedMutation, useGetCalendarFeedQuery, useRevokeCalendarFeedMutation } from './channelsApi';

export const CALENDAR_TEXTS = {
  intro: 'Prywatny link, który dodasz w Kalendarzu Google, Apple lub Outlook jako subskrypcję: pokaże gry, które organizujesz lub w których Cię przyjęto, i sam się zaktualizuje.',
  create: 'Utwórz link do kalendarza',
  regenerate: 'Utwórz nowy link',
  revoke: 'Wyłącz link',
  copy: 'Kopiuj link',
  copied: 'Skopiowano link do kalendarza',
  copyFailed: 'Nie udało się skopiować linku. Zaznacz go i skopiuj ręcznie.',
  onceOnly: 'Zapisz go teraz: ze względów bezpieczeństwa pokazujemy go tylko raz. Nie udostępniaj go nikomu.',
  failed: 'Nie udało się zmienić linku do kalendarza. Spróbuj ponownie.',
  loadFailed: 'Nie udało się wczytać ustawień kalendarza.',
} as const;

const when = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'medium', timeStyle: 'short' });

/** The personal calendar feed (docs/adr/0089): made, shown once, copied, regenerated or turned off. */
export function CalendarFeedSettings() {
  const { data, isLoading, isError } = useGetCalendarFeedQuery();
  const [create, { isLoading: creating }] = useCreateCalendarFeedMutation();
  const [revoke, { isLoading: revoking }] = useRevokeCalendarFeedMutation();
  const [url, setUrl] = useState<string | null>(null);

  if (isLoading) return <p>Wczytywanie…</p>;
  if (isError || !data) return <p>{CALENDAR_TEXTS.loadFailed}</p>;

  const make = async () => {
    try {
      const made = await create().unwrap();
      setUrl(made.url);
      notice(made.msg, 'success', SETTINGS_NOTICE_MS);
    } catch {
      notice(CALENDAR_TEXTS.failed, 'error', SETTINGS_NOTICE_MS);
    }
  };

  const turnOff = async () => {
    try {
      notice((await revoke().unwrap()).msg, 'success', SETTINGS_NOTICE_MS);
      setUrl(null);
    } catch {
      notice(CALENDAR_TEXTS.failed, 'error', SETTINGS_NOTICE_MS);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url!);
      notice(CALENDAR_TEXTS.copied, 'success', SETTINGS_NOTICE_MS);
    } catch {
      notice(CALENDAR_TEXTS.copyFailed, 'error', SETTINGS_NOTICE_MS);
    }
  };

  return (
    <div className="settings-calendar">
      <p>{CALENDAR_TEXTS.intro}</p>
      {url && (
        <div className="settings-calendar-link">
          <label htmlFor="settings-calendar-url">Twój link do kalendarza</label>
          <div className="settings-actions">
            <input id="settings-calendar-url" className="settings-calendar-url" readOnly value={url} onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              {CALENDAR_TEXTS.copy}
            </button>
          </div>
          <p className="settings-hint">{CALENDAR_TEXTS.onceOnly}</p>
        </div>
      )}
      {data.active && !url && data.createdAt && (
        <p className="settings-hint" role="status">
          Link do kalendarza jest aktywny (utworzony {when.format(new Date(data.createdAt))}).
        </p>
      )}
      <div className="settings-actions">
        <button type="button" className={data.active ? 'btn btn-secondary' : 'btn btn-primary'} disabled={creating} onClick={() => void make()}>
          {data.active ? CALENDAR_TEXTS.regenerate : CALENDAR_TEXTS.create}
        </button>
        {data.active && (
          <button type="button" className="btn btn-destructive" disabled={revoking} onClick={() => void turnOff()}>
            {CALENDAR_TEXTS.revoke}
          </button>
        )}
      </div>
    </div>
  );
}
