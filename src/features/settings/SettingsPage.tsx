import { useNavigate } from 'react-router';
import { SETTINGS_NOTICE_MS } from '@contract/constants';
import { LOCATION_MSG } from '@contract/plain/location';
import { USER_MSG } from '@contract/users';
import { API_BASE_URL } from '../../config/env';
import { errorStatus } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notice } from '../../app/notify';
import { ClearChatHistoryButton } from '../chat/ClearChatHistoryButton';
import { useClearLocationMutation } from '../location/locationApi';
import { selectMapTheme, setMapTheme, type MapTheme } from '../map/mapThemeSlice';
import { DeliverySettings } from '../notifications/DeliverySettings';
import { NotificationToggles } from '../notifications/NotificationToggles';
import { CalendarFeedSettings } from './CalendarFeedSettings';
import { CookieSettings } from './CookieSettings';
import { PushSettings } from './PushSettings';
import { SessionsSettings } from './SessionsSettings';
import { TwoFactorSettings } from './TwoFactorSettings';
import '../players/players.css';
import './settings.css';

const THEMES: { value: MapTheme; label: string; toast: string }[] = [
  { value: 'light', label: 'Jasny', toast: 'Motyw mapy zmieniono na jasny' },
  { value: 'dark', label: 'Ciemny', toast: 'Motyw mapy zmieniono na ciemny' },
];

/** 'Ustawienia' (spec: Settings); its notices stay 3 s. */
export function SettingsPage() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectMapTheme);
  const [clearLocation, { isLoading: clearing }] = useClearLocationMutation();
  const navigate = useNavigate();

  const chooseTheme = (t: (typeof THEMES)[number]) => {
    dispatch(setMapTheme(t.value));
    notice(t.toast, 'success', SETTINGS_NOTICE_MS);
  };

  const forgetLocation = async () => {
    try {
      await clearLocation().unwrap();
      notice(LOCATION_MSG.cleared, 'success', SETTINGS_NOTICE_MS);
    } catch (error) {
      const text = typeof errorStatus(error) === 'number' ? 'Nie udało się usunąć lokalizacji' : 'Wystąpił błąd podczas usuwania lokalizacji';
      notice(text, 'error', SETTINGS_NOTICE_MS);
    }
  };

  return (
    <div className="settings-page">
      <h1>Ustawienia</h1>
      <section className="settings-section" aria-labelledby="settings-map">
        <h2 id="settings-map">Motyw mapy</h2>
        <div className="settings-themes" role="radiogroup" aria-labelledby="settings-map">
          {THEMES.map((t) => (
            <label key={t.value} className="settings-check">
              <input type="radio" name="map-theme" value={t.value} checked={theme === t.value} onChange={() => chooseTheme(t)} />
              <span>{t.label}</span>
            </label>
          ))}
        </div>
      </section>
      <section className="settings-section" aria-labelledby="settings-notifications">
        <h2 id="settings-notifications">Powiadomienia</h2>
        <NotificationToggles />
        <DeliverySettings />
        <PushSettings />
      </section>
      <section className="settings-section" aria-labelledby="settings-calendar">
        <h2 id="settings-calendar">Kalendarz</h2>
        <CalendarFeedSettings />
      </section>
      <section className="settings-section" aria-labelledby="settings-location">
        <h2 id="settings-location">Lokalizacja</h2>
        <p>Zapisana lokalizacja ustawia środek mapy i wyszukiwania. Po usunięciu zapytamy o nią ponownie.</p>
        <button type="button" className="btn btn-secondary" onClick={() => void forgetLocation()} disabled={clearing}>
          Usuń zapisaną lokalizację
        </button>
      </section>
      <section className="settings-section" aria-labelledby="settings-cookies">
        <h2 id="settings-cookies">Pliki cookies</h2>
        <CookieSettings />
      </section>
      <section className="settings-section" aria-labelledby="settings-chat">
        <h2 id="settings-chat">Historia czatu</h2>
        <p>Usuwa wszystkie wiadomości, które wysłałeś.</p>
        <ClearChatHistoryButton />
      </section>
      <section className="settings-section" aria-labelledby="settings-2fa">
        <h2 id="settings-2fa">Weryfikacja dwuetapowa</h2>
        <TwoFactorSettings />
      </section>
      <section className="settings-section" aria-labelledby="settings-sessions">
        <h2 id="settings-sessions">Aktywne sesje</h2>
        <SessionsSettings />
      </section>
      <section className="settings-section" aria-labelledby="settings-data">
        <h2 id="settings-data">Twoje dane</h2>
        <p>Plik JSON ze wszystkim, co przechowujemy o Tobie: profil, gry, zgłoszenia udziału, wiadomości, polubienia, zgłoszenia i ustawienia.</p>
        <a className="btn btn-secondary" href={`${API_BASE_URL}/users/current-user/export`} download>
          {USER_MSG.exportLabel}
        </a>
      </section>
      <section className="settings-section" aria-labelledby="settings-bug">
        <h2 id="settings-bug">Zgłoś błąd</h2>
        <p>Coś nie działa tak, jak powinno? Daj nam znać.</p>
        <button type="button" className="btn btn-secondary" onClick={() => navigate('/dashboard/report', { state: { type: 'bug' } })}>
          Zgłoś błąd
        </button>
      </section>
    </div>
  );
}
