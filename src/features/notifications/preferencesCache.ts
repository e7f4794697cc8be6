import type { NotificationPreferences } from '@contract/notifications';

/** Spec section 3: preferences are also cached locally, per person, for when the server cannot answer. */
const key = (userId: string) => `notificationPreferences:${userId}`;

/** The stored copy as it was written, unchecked (readPreferences.ts checks it against the contract). */
export function readCachedPreferences(userId: string | undefined): unknown {
  if (!userId) return null;
  try {
    const raw = localStorage.getItem(key(userId));
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function writeCachedPreferences(userId: string | undefined, prefs: NotificationPreferences): void {
  if (!userId) return;
  try {
    localStorage.setItem(key(userId), JSON.stringify(prefs));
  } catch {
    // A full or blocked storage only costs the offline fallback.
  }
}
