/**
 * The zod-free half of contract/notifications.ts: mute lengths, Polish messages, the default
 * preferences and the mute rules. The SPA's first download takes these from here (docs/adr/0035);
 * notifications.ts re-exports all of it next to the schemas.
 */
import type { NotificationPreferences } from '../notifications';

/** Chat mute lengths of spec section 9; `null` is permanent. */
export const MUTE_DURATIONS = [
  { key: '1h', ms: 3600_000, menuLabel: '1h', toastLabel: '1h' },
  { key: '12h', ms: 12 * 3600_000, menuLabel: '12h', toastLabel: '12h' },
  { key: '24h', ms: 24 * 3600_000, menuLabel: '24h', toastLabel: '24h' },
  { key: 'week', ms: 7 * 24 * 3600_000, menuLabel: 'Tydzień', toastLabel: 'tydzień' },
  { key: 'permanent', ms: null, menuLabel: 'Stałe', toastLabel: 'stałe' },
] as const;
export type MuteDurationKey = (typeof MUTE_DURATIONS)[number]['key'];

/** A mute set further ahead than this is refused: 'permanent' is the way to say forever. */
export const MUTE_MAX_MS = 366 * 24 * 3600_000;

export const NOTIFICATION_MSG = {
  // the chat page's dropdown (spec section 8, "Chat mute")
  chatMuted: (label: string) => `Czat wyciszony na ${label}`,
  chatMuteFailed: 'Błąd wyciszania czatu',
  chatUnmuted: 'Powiadomienia w czacie włączone',
  chatUnmuteFailed: 'Błąd odciszania czatu',
  // event detail's icon buttons (spec section 8, "Mute and unmute")
  eventChatMuted: 'Powiadomienia z czatu zostały wyciszone',
  eventChatUnmuted: 'Powiadomienia z czatu zostały włączone',
  eventChatMuteFailed: 'Błąd podczas wyciszania powiadomień z czatu',
  eventChatUnmuteFailed: 'Błąd podczas włączania powiadomień z czatu',
  eventChatToggleFailed: 'Błąd podczas zmiany ustawień powiadomień z czatu',
  eventMuted: 'Powiadomienia z wydarzenia zostały wyciszone',
  eventUnmuted: 'Powiadomienia z wydarzenia zostały włączone',
  eventMuteFailed: 'Błąd podczas wyciszania powiadomień z wydarzenia',
  eventUnmuteFailed: 'Błąd podczas włączania powiadomień z wydarzenia',
  eventToggleFailed: 'Błąd podczas zmiany ustawień powiadomień z wydarzenia',
  // settings (spec section 8, "Settings"); the success texts are ours, the spec gives none
  chatNotificationsOn: 'Powiadomienia z czatu zostały włączone',
  chatNotificationsOff: 'Powiadomienia z czatu zostały wyciszone',
  eventNotificationsOn: 'Powiadomienia o wydarzeniach zostały włączone',
  eventNotificationsOff: 'Powiadomienia o wydarzeniach zostały wyciszone',
  settingsFailed: 'Nie udało się zaktualizować ustawień powiadomień',
  settingsError: 'Wystąpił błąd podczas aktualizacji ustawień',
  // server answers
  muteInPast: 'Czas wyciszenia musi być w przyszłości',
  muteTooLong: 'Wyciszenie może trwać najwyżej rok; wybierz wyciszenie stałe',
  noRecord: 'Nie znaleziono powiadomienia',
  emptyUpdate: 'Nie podano żadnego ustawienia do zmiany',
  radiusRange: 'Promień musi wynosić od 5 do 50 km',
  gameTypes: 'Wybierz rodzaje gier z listy',
  // settings: reminders, channels and new games nearby (docs/adr/0085)
  settingsSaved: 'Ustawienia powiadomień zostały zapisane',
  // the list of notifications (/dashboard/notifications)
  markAllDone: 'Wszystkie powiadomienia oznaczono jako przeczytane',
  markFailed: 'Nie udało się oznaczyć powiadomień jako przeczytanych',
  loadFailed: 'Nie udało się wczytać powiadomień',
} as const;

/** New games nearby (docs/adr/0086): the radius a person may choose, and how many a day reach them. */
export const NEARBY_RADIUS_KM = { min: 5, max: 50, default: 20 } as const;
export const NEARBY_DAILY_LIMIT = 3;
/** With the daily digest the games are collected silently; the digest lists at most this many. */
export const DIGEST_DAILY_LIMIT = 20;
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How many of the newest notifications the bell's dropdown shows. */
export const BELL_LATEST = 5;

export const NOTIFICATION_KIND_LABELS = {
  statusChange: 'Zgłoszenie',
  joinRequest: 'Nowe zgłoszenie',
  playerLeft: 'Rezygnacja gracza',
  reminder: 'Przypomnienie',
  nearbyGame: 'Nowa gra w okolicy',
  eventChanged: 'Zmiana wydarzenia',
  eventCancelled: 'Odwołane wydarzenie',
  chatMessage: 'Wiadomość',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KIND_LABELS;
/**
 * Kinds the bell counts nowhere else: status news is counted as event notifications (participations,
 * docs/adr/0076) and chat messages as unread messages, so only these add to its badge (docs/adr/0085).
 */
export const BELL_OWN_KINDS: NotificationKind[] = ['reminder', 'nearbyGame', 'eventChanged'];

/** Spec section 9: all four on, no mutes. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  eventStatusUpdates: true,
  chatMessages: true,
  eventReminders: true,
  newEventInArea: true,
  reminder24h: true,
  reminder2h: true,
  emailNotifications: true,
  pushNotifications: true,
  nearbyRadiusKm: NEARBY_RADIUS_KM.default,
  nearbyGameTypes: [],
  nearbyDigest: false,
  mutedChatRooms: [],
  mutedEvents: [],
};

/**
 * The server's answer when it is complete: every preference present with its type, as the route's
 * response schema sends it. Checked without zod, so a signed-in page needs no zod to start
 * (docs/adr/0098); anything less (an error, an older cached copy) returns null and goes to
 * readPreferences.ts, which fills defaults with the contract's schema. Only known fields are kept.
 */
export function completePreferences(value: unknown): NotificationPreferences | null {
  if (!isRecord(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(DEFAULT_PREFERENCES)) {
    const v = value[key];
    if (Array.isArray(fallback)) {
      const items = Array.isArray(v) ? v.map(ITEMS[key as ArrayKey]) : [null];
      if (items.includes(null)) return null;
      out[key] = items;
    } else if (typeof v === typeof fallback) {
      out[key] = v;
    } else {
      return null;
    }
  }
  return Number.isInteger(out.nearbyRadiusKm) ? (out as NotificationPreferences) : null;
}

type ArrayKey = 'nearbyGameTypes' | 'mutedChatRooms' | 'mutedEvents';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Each list's item as the schema reads it (unknown fields dropped), or null. */
const ITEMS: Record<ArrayKey, (item: unknown) => unknown> = {
  nearbyGameTypes: (t) => (typeof t === 'string' ? t : null),
  mutedChatRooms: (m) =>
    isRecord(m) && typeof m.chatRoomId === 'string' && (typeof m.muteExpiresAt === 'string' || m.muteExpiresAt === null)
      ? { chatRoomId: m.chatRoomId, muteExpiresAt: m.muteExpiresAt }
      : null,
  mutedEvents: (m) => (isRecord(m) && typeof m.eventId === 'string' ? { eventId: m.eventId } : null),
};

/** True when a chat mute is in force at `now` (a past expiry is ignored, spec section 4 "Mute"). */
export function isMuteActive(mute: { muteExpiresAt: string | null } | undefined, now: number = Date.now()): boolean {
  if (!mute) return false;
  return mute.muteExpiresAt === null || Date.parse(mute.muteExpiresAt) > now;
}

export function isRoomMuted(prefs: Pick<NotificationPreferences, 'mutedChatRooms'>, roomId: string, now: number = Date.now()): boolean {
  return isMuteActive(
    prefs.mutedChatRooms.find((m) => m.chatRoomId === roomId),
    now,
  );
}

export function isEventMuted(prefs: Pick<NotificationPreferences, 'mutedEvents'>, eventId: string): boolean {
  return prefs.mutedEvents.some((m) => m.eventId === eventId);
}

/** The expiry to send for a menu choice, or null for permanent. */
export function muteExpiry(key: MuteDurationKey, now: number = Date.now()): string | null {
  const d = MUTE_DURATIONS.find((m) => m.key === key)!;
  return d.ms === null ? null : new Date(now + d.ms).toISOString();
}
