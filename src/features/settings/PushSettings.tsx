import { useCallback, useEffect, useState } from 'react';
import { SETTINGS_NOTICE_MS } from '@contract/constants';
import { PUSH_MSG } from '@contract/plain/channels';
import { notice } from '../../app/notify';
import {
  useLazyPushPublicKeyQuery, usePushStatusMutation, usePushSubscribeMutation, usePushTestMutation, usePushUnsubscribeMutation,
} from './channelsApi';
import { currentSubscription, pushSupport, subscribeDevice } from './pushDevice';

type PushState = 'loading' | 'unsupported' | 'insecure' | 'denied' | 'off' | 'on';

export const PUSH_TEXTS = {
  label: 'Powiadomienia push na tym urządzeniu',
  unsupported:
    'Ta przeglądarka nie obsługuje powiadomień push. Na iPhonie i iPadzie dodaj Graj Razem do ekranu początkowego i otwórz aplikację stamtąd.',
  insecure: 'Powiadomienia push działają tylko na stronie otwartej przez bezpieczne połączenie (https).',
  denied: 'Powiadomienia są zablokowane dla tej strony w ustawieniach przeglądarki. Zezwól na nie tam, a potem wróć tutaj.',
  off: 'Włącz, aby dostawać przypomnienia i wiadomości także wtedy, gdy Graj Razem jest zamknięte.',
  on: 'Włączone na tym urządzeniu. Na innych urządzeniach włączysz je w ich ustawieniach.',
  notGranted: 'Nie udzielono zgody na powiadomienia',
  enableFailed: 'Nie udało się włączyć powiadomień push. Spróbuj ponownie.',
  disableFailed: 'Nie udało się wyłączyć powiadomień push. Spróbuj ponownie.',
  testFailed: 'Nie udało się wysłać powiadomienia testowego',
  test: 'Wyślij powiadomienie testowe',
} as const;

const devicesText = (n: number) =>
  n === 1 ? 'Masz powiadomienia push na 1 urządzeniu.' : `Masz powiadomienia push na ${n} urządzeniach.`;

/** 'Powiadomienia push na tym urządzeniu' (docs/adr/0088): subscribes and unsubscribes this browser. */
export function PushSettings() {
  const [state, setState] = useState<PushState>('loading');
  const [devices, setDevices] = useState(0);
  const [busy, setBusy] = useState(false);
  const [fetchKey] = useLazyPushPublicKeyQuery();
  const [subscribe] = usePushSubscribeMutation();
  const [unsubscribe] = usePushUnsubscribeMutation();
  const [checkStatus] = usePushStatusMutation();
  const [sendTest, { isLoading: testing }] = usePushTestMutation();

  const refresh = useCallback(async () => {
    const support = pushSupport();
    if (support !== 'supported') return setState(support);
    if (Notification.permission === 'denied') return setState('denied');
    try {
      const sub = await currentSubscription();
      if (!sub) return setState('off');
      const status = await checkStatus({ endpoint: sub.endpoint }).unwrap();
      setDevices(status.devices);
      setState(status.subscribed && Notification.permission === 'granted' ? 'on' : 'off');
    } catch {
      setState('off');
    }
  }, [checkStatus]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const enable = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      notice(PUSH_TEXTS.notGranted, 'error', SETTINGS_NOTICE_MS);
      return setState(permission === 'denied' ? 'denied' : 'off');
    }
    const { publicKey } = await fetchKey().unwrap();
    const json = await subscribeDevice(publicKey);
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('incomplete subscription');
    const { msg } = await subscribe({
      endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    }).unwrap();
    notice(msg, 'success', SETTINGS_NOTICE_MS);
  };

  const disable = async () => {
    const sub = await currentSubscription();
    if (sub) {
      // The server may have dropped it already (expired, or another account took this browser).
      await unsubscribe({ endpoint: sub.endpoint })
        .unwrap()
        .catch((error: { status?: number }) => {
          if (error?.status !== 404) throw error;
        });
      await sub.unsubscribe();
    }
    notice(PUSH_MSG.unsubscribed, 'success', SETTINGS_NOTICE_MS);
  };

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await (on ? enable() : disable());
    } catch {
      notice(on ? PUSH_TEXTS.enableFailed : PUSH_TEXTS.disableFailed, 'error', SETTINGS_NOTICE_MS);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const test = async () => {
    try {
      notice((await sendTest().unwrap()).msg, 'success', SETTINGS_NOTICE_MS);
    } catch {
      notice(PUSH_TEXTS.testFailed, 'error', SETTINGS_NOTICE_MS);
    }
  };

  const unavailable = state === 'unsupported' || state === 'insecure' || state === 'denied';
  const hint = state === 'loading' ? 'Sprawdzanie…' : PUSH_TEXTS[state];
  return (
    <div className="settings-push">
      <label className="notify-switch">
        <span>{PUSH_TEXTS.label}</span>
        <input
          type="checkbox"
          role="switch"
          checked={state === 'on'}
          disabled={busy || unavailable || state === 'loading'}
          aria-describedby="settings-push-hint"
          onChange={(e) => void toggle(e.target.checked)}
        />
        <span className="notify-switch-track" aria-hidden="true" />
      </label>
      <p id="settings-push-hint" className={unavailable ? 'settings-hint settings-hint-warn' : 'settings-hint'} role="status">
        {hint}
        {state === 'on' && devices > 1 ? ` ${devicesText(devices)}` : ''}
      </p>
      {state === 'on' && (
        <button type="button" className="btn btn-secondary" disabled={testing} onClick={() => void test()}>
          {PUSH_TEXTS.test}
        </button>
      )}
    </div>
  );
}
