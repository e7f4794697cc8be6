import { SETTINGS_NOTICE_MS } from '@contract/constants';
import { NOTIFICATION_MSG } from '@contract/plain/notifications';
import { errorStatus } from '../../api/errors';
import { notice } from '../../app/notify';
import { useGetNotificationPreferencesQuery, useUpdateNotificationPreferencesMutation } from './notificationsApi';
import './notifications.css';

type Switch = 'chatMessages' | 'eventStatusUpdates';

const TEXTS: Record<Switch, { label: string; on: string; off: string }> = {
  chatMessages: { label: 'Powiadomienia z czatu', on: NOTIFICATION_MSG.chatNotificationsOn, off: NOTIFICATION_MSG.chatNotificationsOff },
  eventStatusUpdates: {
    label: 'Powiadomienia o wydarzeniach',
    on: NOTIFICATION_MSG.eventNotificationsOn,
    off: NOTIFICATION_MSG.eventNotificationsOff,
  },
};

/** Settings' two switches (spec section 2, "Settings"); its notices stay 3 s (spec section 8). */
export function NotificationToggles() {
  const { data, isLoading } = useGetNotificationPreferencesQuery();
  const [update] = useUpdateNotificationPreferencesMutation();

  const toggle = async (key: Switch, value: boolean) => {
    try {
      await update({ [key]: value }).unwrap();
      notice(value ? TEXTS[key].on : TEXTS[key].off, 'success', SETTINGS_NOTICE_MS);
    } catch (error) {
      // The server said no, or it could not be reached at all.
      const text = typeof errorStatus(error) === 'number' ? NOTIFICATION_MSG.settingsFailed : NOTIFICATION_MSG.settingsError;
      notice(text, 'error', SETTINGS_NOTICE_MS);
    }
  };

  return (
    <fieldset className="notify-toggles">
      <legend>Powiadomienia</legend>
      {(Object.keys(TEXTS) as Switch[]).map((key) => (
        <label key={key} className="notify-switch">
          <span>{TEXTS[key].label}</span>
          <input
            type="checkbox"
            role="switch"
            checked={data?.preferences[key] ?? true}
            disabled={isLoading}
            onChange={(e) => void toggle(key, e.target.checked)}
          />
          <span className="notify-switch-track" aria-hidden="true" />
        </label>
      ))}
    </fieldset>
  );
}
