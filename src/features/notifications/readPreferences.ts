import { notificationPreferences, preferencesResponse, type PreferencesResponse } from '@contract/notifications';
import { DEFAULT_PREFERENCES } from '@contract/plain/notifications';
import { readCachedPreferences, writeCachedPreferences } from './preferencesCache';

/**
 * Spec section 8: the server's preferences when its answer matches the contract (and they are
 * cached), else the cached copy, else the defaults, completed by the contract's schema. It checks
 * with zod, so notificationsApi loads it only when the answer is not complete (docs/adr/0098).
 */
export function readPreferences(body: unknown, userId: string | undefined): PreferencesResponse {
  const parsed = preferencesResponse.safeParse(body);
  if (parsed.success) {
    writeCachedPreferences(userId, parsed.data.preferences);
    return parsed.data;
  }
  const cached = notificationPreferences.safeParse(readCachedPreferences(userId));
  return { preferences: cached.success ? cached.data : DEFAULT_PREFERENCES };
}
