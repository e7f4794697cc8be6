import { eq } from 'drizzle-orm';
import type { StoredLocation } from '@contract/location';
import type { Executor } from '../db/database';
import { savedLocations } from '../db/schema';

/** A signed-in person's saved location (docs/adr/0075), or null when they have none. */
export async function findSavedLocation(ex: Executor, userId: string): Promise<StoredLocation | null> {
  const [row] = await ex.select().from(savedLocations).where(eq(savedLocations.userId, userId));
  if (!row) return null;
  return { latitude: row.latitude, longitude: row.longitude, City: row.city, region: row.region, Country: row.country };
}

export async function saveLocation(ex: Executor, userId: string, location: StoredLocation & { latitude: number; longitude: number }): Promise<void> {
  const values = {
    latitude: location.latitude, longitude: location.longitude, city: location.City, region: location.region, country: location.Country,
    updatedAt: new Date(),
  };
  await ex
    .insert(savedLocations)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: savedLocations.userId, set: values });
}

export async function clearSavedLocation(ex: Executor, userId: string): Promise<void> {
  await ex.delete(savedLocations).where(eq(savedLocations.userId, userId));
}
