import { and, eq, exists, gt, or } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { calendarFeeds, events, participations } from '../db/schema';
import type { EventRow } from './events';

/** Stores a new feed token's hash for the person; an earlier token stops working at once. */
export async function replaceFeedToken(ex: Executor, userId: string, tokenHash: string): Promise<Date> {
  const [row] = await ex
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: new Date() } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row.createdAt;
}

export async function deleteFeed(ex: Executor, userId: string): Promise<boolean> {
  return (await ex.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId })).length > 0;
}

export async function findFeed(ex: Executor, userId: string): Promise<{ createdAt: Date } | null> {
  const [row] = await ex.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

export async function feedOwner(ex: Executor, tokenHash: string): Promise<string | null> {
  const [row] = await ex.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
  return row?.userId ?? null;
}

/**
 * The games in a person's feed: those they organise or were accepted in (still `accepted`, or
 * `finished` after the game), from `since` on; cancelled ones stay so calendars mark them cancelled.
 */
export async function feedGames(ex: Executor, userId: string, since: Date): Promise<EventRow[]> {
  const accepted = ex
    .select({ one: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.eventId, events.id),
        eq(participations.userId, userId),
        or(eq(participations.status, 'accepted'), eq(participations.status, 'finished')),
      ),
    );
  return ex
    .select()
    .from(events)
    .where(and(gt(events.endAt, since), or(eq(events.ownerId, userId), exists(accepted))))
    .orderBy(events.startAt)
    .limit(500);
}
