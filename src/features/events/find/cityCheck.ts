import { EVENT_MSG } from '@contract/plain/events';
import { geocodeTown, isAmbiguous, type GeocodedTown, type TownIndex } from '@contract/towns';

export type CityCheck = { ok: true; town: GeocodedTown } | { ok: false; message: string };

/**
 * Spec section 5, "Find event": a city in several voivodeships with none chosen, or no such
 * city, stops the search with its alert; a single match fills in the region. Without the towns
 * file (it failed to load) there is nothing to check here and the server decides.
 */
export function checkCity(index: TownIndex | undefined, city: string, region: string | null): CityCheck | null {
  if (!index) return null;
  if (!city.trim()) return { ok: false, message: EVENT_MSG.cityUnknown };
  const result = geocodeTown(index, city, region);
  if (result === null) return { ok: false, message: EVENT_MSG.cityUnknown };
  if (isAmbiguous(result)) return { ok: false, message: EVENT_MSG.cityAmbiguous };
  return { ok: true, town: result };
}
