import { EVENT_MSG, type EventValues } from '@contract/events';
import { isAmbiguous } from '@contract/towns';
import { geocodeCity, reverseGeocode } from '../geo/towns';
import { BadRequestError } from '../lib/errors';

/**
 * Where a game is: the pin the organiser dropped on the map wins; otherwise the centre of its
 * town from the towns data (no third-party geocoder).
 */
export function resolveEventPlace(v: EventValues): { latitude: number; longitude: number; region: string | null } {
  if (v.latitude != null && v.longitude != null) {
    const region = v.region || reverseGeocode(v.latitude, v.longitude)?.region || null;
    return { latitude: v.latitude, longitude: v.longitude, region };
  }
  const found = geocodeCity(v.address.city, v.region);
  if (!found) throw new BadRequestError(EVENT_MSG.cityUnknown, { 'address.city': EVENT_MSG.cityUnknown });
  if (isAmbiguous(found)) throw new BadRequestError(EVENT_MSG.cityAmbiguous, { 'address.city': EVENT_MSG.cityAmbiguous });
  return { latitude: found.latitude, longitude: found.longitude, region: found.region };
}

/** A point to search around: the browser's coordinates, else the chosen city. */
export function resolveSearchCenter(q: { latitude?: number | null; longitude?: number | null; City?: string | null; region?: string | null }) {
  if (q.latitude != null && q.longitude != null) return { latitude: q.latitude, longitude: q.longitude };
  if (!q.City?.trim()) throw new BadRequestError(EVENT_MSG.cityUnknown, { City: EVENT_MSG.cityUnknown });
  const found = geocodeCity(q.City, q.region);
  if (!found) throw new BadRequestError(EVENT_MSG.cityUnknown, { City: EVENT_MSG.cityUnknown });
  if (isAmbiguous(found)) throw new BadRequestError(EVENT_MSG.cityAmbiguous, { City: EVENT_MSG.cityAmbiguous });
  return { latitude: found.latitude, longitude: found.longitude };
}
