import { SETTINGS_NOTICE_MS } from '@contract/constants';
import type { UpdatePreferencesBody } from '@contract/notifications';
import { GAME_TYPES, GAME_TYPE_LABELS } from '@contract/plain/events';
import { NEARBY_RADIUS_KM, NOTIFICATION_MSG } from '@contract/plain/notifications';
import { errorMsg, errorStatus } from '../../api/errors';
import { notice } from '../../app/notify';
import { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from './notificationsApi';
import './notifications.css';

/** 5–50 km (docs/adr/0086); the server accepts any whole number in between. */
const RADIUS_CHOICES = [5, 10, 15, 20, 25, 30, 40, 50];

type BoolKey = 'eventReminders' | 'reminder24h' | 'reminder2h' | 'emailNotifications' | 'pushNotifications' | 'newEventInArea' | 'nearbyDigest';

/**
 * Reminders, channels and new games nearby (docs/adr/0085, 0086): what the server acts on. Each
 * change is saved at once; the server's answer (or its Polish error) is shown as a notice.
 */
export function DeliverySettings() {
  const { data, isLoading } = useGetNotificationPreferencesQuery();
  const [update] = useUpdateNotificationPreferencesMutation();
  const prefs = data?.preferences;

  const save = async (changes: UpdatePreferencesBody) => {
    try {
      await update(changes).unwrap();
      notice(NOTIFICATION_MSG.settingsSaved, 'success', SETTINGS_NOTICE_MS);
    } catch (error) {
      const status = errorStatus(error);
      const text = status === 400 ? (errorMsg(error) ?? NOTIFICATION_MSG.settingsFailed) : typeof status === 'number' ? NOTIFICATION_MSG.settingsFailed : NOTIFICATION_MSG.settingsError;
      notice(text, 'error', SETTINGS_NOTICE_MS);
    }
  };

  const toggle = (key: BoolKey, label: string, hint?: string, disabled = false) => (
    <label className={`notify-switch${disabled ? ' notify-switch-off' : ''}`}>
      <span>
        {label}
        {hint && <small className="notify-hint">{hint}</small>}
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={prefs?.[key] ?? false}
        disabled={isLoading || !prefs || disabled}
        onChange={(e) => void save({ [key]: e.target.checked })}
      />
      <span className="notify-switch-track" aria-hidden="true" />
    </label>
  );

  const types = prefs?.nearbyGameTypes ?? [];
  const toggleType = (type: string, on: boolean) => {
    const next = on ? [...types, type] : types.filter((t) => t !== type);
    void save({ nearbyGameTypes: next as UpdatePreferencesBody['nearbyGameTypes'] });
  };
  const remindersOff = !prefs?.eventReminders;
  const nearbyOff = !prefs?.newEventInArea;

  return (
    <div className="notify-delivery">
      <fieldset className="notify-toggles">
        <legend>Przypomnienia o wydarzeniach</legend>
        <h3 className="notify-subheading">Przypomnienia o wydarzeniach</h3>
        {toggle('eventReminders', 'Przypominaj o moich grach', 'Gry, które organizujesz lub w których jesteś zaakceptowany.')}
        {toggle('reminder24h', '24 godziny przed startem', undefined, remindersOff)}
        {toggle('reminder2h', '2 godziny przed startem', undefined, remindersOff)}
      </fieldset>
      <fieldset className="notify-toggles">
        <legend>Kanały powiadomień</legend>
        <h3 className="notify-subheading">Jak mamy Cię powiadamiać</h3>
        <p className="notify-hint">Powiadomienia w aplikacji dostajesz zawsze (poza wyciszonymi grami i czatami).</p>
        {toggle('pushNotifications', 'Powiadomienia push', 'Na urządzeniach, na których je włączysz; wtedy zamiast e-maila.')}
        {toggle('emailNotifications', 'E-mail', 'Gdy nie masz włączonych powiadomień push.')}
      </fieldset>
      <fieldset className="notify-toggles">
        <legend>Nowe wydarzenia w okolicy</legend>
        <h3 className="notify-subheading">Nowe wydarzenia w okolicy</h3>
        {toggle('newEventInArea', 'Powiadamiaj o nowych grach w pobliżu', 'Liczymy od Twojej zapisanej lokalizacji; najwyżej 3 dziennie.')}
        <label className="notify-radius">
          <span>Promień od zapisanej lokalizacji</span>
          <select
            value={prefs?.nearbyRadiusKm ?? NEARBY_RADIUS_KM.default}
            disabled={isLoading || !prefs || nearbyOff}
            onChange={(e) => void save({ nearbyRadiusKm: Number(e.target.value) })}
          >
            {RADIUS_CHOICES.map((km) => (
              <option key={km} value={km}>
                {km} km
              </option>
            ))}
          </select>
        </label>
        <div className="notify-types" role="group" aria-label="Rodzaje gier">
          <span className="notify-hint">Rodzaje gier (nic nie zaznaczone: wszystkie)</span>
          {GAME_TYPES.map((type) => (
            <label key={type} className="settings-check">
              <input
                type="checkbox"
                checked={types.includes(type)}
                disabled={isLoading || !prefs || nearbyOff}
                onChange={(e) => toggleType(type, e.target.checked)}
              />
              <span>{GAME_TYPE_LABELS[type]}</span>
            </label>
          ))}
        </div>
        {toggle('nearbyDigest', 'Zamiast tego codzienne podsumowanie e-mailem', 'Jeden e-mail dziennie około 18:00 z nowymi grami w okolicy.', nearbyOff)}
      </fieldset>
    </div>
  );
}
