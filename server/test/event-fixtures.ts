import { utcToWarsaw } from '@contract/time';
import type { TestClient } from './helpers';

/** A valid add-event form body: a football game in Warsaw tomorrow evening. */
export function eventBody(overrides: Record<string, unknown> = {}) {
  const { date } = utcToWarsaw(Date.now() + 24 * 3600_000);
  return {
    eventName: 'Gierka na Orliku',
    gameType: 'football',
    startDate: date,
    startHour: '18:30',
    duration: 90,
    address: { city: 'Warszawa', street: 'Marszałkowska', addressNumber: '10', postalCode: '00-001' },
    fieldType: 'field',
    playerCount: 4,
    level: 'beginner',
    price: 15,
    paymentMethod: 'Na miejscu',
    eventDescription: 'Gramy 5 na 5, weź wodę.',
    phoneNumber: '600100200',
    isPrivate: false,
    isRecurring: false,
    ...overrides,
  };
}

export async function createEvent(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/football-events', eventBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().event as { _id: string; eventName: string; startDateTime: string };
}

/**
 * Moves a game's start into the past (its end stays ahead), as if the clock had reached it: the
 * organiser may finish only a game that has started (docs/adr/0077).
 */
export async function startGame(t: { database: { pool: { query(sql: string, params: unknown[]): Promise<unknown> } } }, eventId: string) {
  await t.database.pool.query(
    "UPDATE events SET start_at = now() - interval '10 minutes', end_at = greatest(end_at, now() + interval '1 hour') WHERE id = $1",
    [eventId],
  );
}
