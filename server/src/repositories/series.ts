import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { EventValues } from '@contract/events';
import type { Executor } from '../db/database';
import { events, eventSeries, seriesRegulars } from '../db/schema';

export type SeriesRow = typeof eventSeries.$inferSelect;
export interface Place {
  latitude: number;
  longitude: number;
  region: string | null;
}
/** What every new game of a series is made from: the form's values (dates aside) and the resolved place. */
export interface SeriesTemplate {
  values: EventValues;
  place: Place;
}

export type SeriesSchedule = Pick<SeriesRow, 'weekday' | 'anchorDate' | 'localTime' | 'duration'>;

export async function insertSeries(ex: Executor, ownerId: string, schedule: SeriesSchedule, template: SeriesTemplate): Promise<string> {
  const [row] = await ex.insert(eventSeries).values({ ownerId, ...schedule, template }).returning({ id: eventSeries.id });
  return row.id;
}

export async function updateSeries(ex: Executor, id: string, schedule: SeriesSchedule, template: SeriesTemplate): Promise<void> {
  await ex.update(eventSeries).set({ ...schedule, template }).where(eq(eventSeries.id, id));
}

export async function findSeries(ex: Executor, id: string): Promise<SeriesRow | undefined> {
  const [row] = await ex.select().from(eventSeries).where(eq(eventSeries.id, id));
  return row;
}

export async function listActiveSeries(ex: Executor): Promise<SeriesRow[]> {
  return ex.select().from(eventSeries).where(isNull(eventSeries.endedAt));
}

/** No new games after this: the organiser cancelled "to i następne". */
export async function endSeries(ex: Executor, id: string): Promise<void> {
  await ex.update(eventSeries).set({ endedAt: new Date() }).where(and(eq(eventSeries.id, id), isNull(eventSeries.endedAt)));
}

export async function listRegulars(ex: Executor, seriesId: string): Promise<string[]> {
  const rows = await ex
    .select({ userId: seriesRegulars.userId })
    .from(seriesRegulars)
    .where(eq(seriesRegulars.seriesId, seriesId))
    .orderBy(seriesRegulars.createdAt, seriesRegulars.userId);
  return rows.map((r) => r.userId);
}

/** True when this call made the person a regular. */
export async function addRegular(ex: Executor, seriesId: string, userId: string): Promise<boolean> {
  const rows = await ex.insert(seriesRegulars).values({ seriesId, userId }).onConflictDoNothing().returning({ userId: seriesRegulars.userId });
  return rows.length > 0;
}

export async function removeRegular(ex: Executor, seriesId: string, userId: string): Promise<boolean> {
  const rows = await ex
    .delete(seriesRegulars)
    .where(and(eq(seriesRegulars.seriesId, seriesId), eq(seriesRegulars.userId, userId)))
    .returning({ userId: seriesRegulars.userId });
  return rows.length > 0;
}

export async function isRegular(ex: Executor, seriesId: string, userId: string): Promise<boolean> {
  const [row] = await ex
    .select({ userId: seriesRegulars.userId })
    .from(seriesRegulars)
    .where(and(eq(seriesRegulars.seriesId, seriesId), eq(seriesRegulars.userId, userId)));
  return Boolean(row);
}

/**
 * The slots (series id and Warsaw date, from `fromDate` on) that already have a game: the job asks
 * once per run instead of trying an insert for every slot of every series every few minutes.
 */
export async function takenSlots(ex: Executor, seriesIds: string[], fromDate: string): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < seriesIds.length; i += 1000) {
    const chunk = seriesIds.slice(i, i + 1000);
    const rows = await ex
      .select({ seriesId: events.seriesId, seriesDate: events.seriesDate })
      .from(events)
      .where(and(inArray(events.seriesId, chunk), gte(events.seriesDate, fromDate)));
    for (const r of rows) taken.add(`${r.seriesId}|${r.seriesDate}`);
  }
  return taken;
}
