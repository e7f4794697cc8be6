import { utcToWarsaw } from '@contract/time';

/** localStorage key: `{ [eventId]: 'YYYY-MM-DD' }`, the Warsaw day the ad was last shown for that game. */
export const AD_SEEN_KEY = 'premiumAdSeen';

type Seen = Record<string, string>;

function readSeen(storage: Storage): Seen {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(AD_SEEN_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Seen) : {};
  } catch {
    return {};
  }
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

interface AdQuestion {
  eventId: string;
  organiserId: string;
  viewerId: string | undefined;
  now?: Date;
  storage?: Storage | null;
}

/**
 * Whether the event page shows the premium ad now (issue 13): never to the game's organiser, and
 * at most once per game per day (the day as Warsaw counts it) in this browser. Answering yes
 * records the showing, so a reload does not bring it back; days that are over are forgotten.
 */
export function claimAdShowing({ eventId, organiserId, viewerId, now = new Date(), storage = browserStorage() }: AdQuestion): boolean {
  if (viewerId && viewerId === organiserId) return false;
  const today = utcToWarsaw(now).date;
  if (!storage) return true;
  const seen = readSeen(storage);
  if (seen[eventId] === today) return false;
  const kept: Seen = { [eventId]: today };
  for (const [id, day] of Object.entries(seen)) if (day === today && typeof day === 'string') kept[id] = day;
  try {
    storage.setItem(AD_SEEN_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the ad still shows, as it would without the rule.
  }
  return true;
}
