import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ParticipationStatus } from '@contract/events';
import type { Executor } from '../db/database';
import { participations, userStats, users } from '../db/schema';

export type ParticipationRow = typeof participations.$inferSelect;

export async function findParticipation(ex: Executor, eventId: string, userId: string): Promise<ParticipationRow | undefined> {
  const [row] = await ex
    .select()
    .from(participations)
    .where(and(eq(participations.eventId, eventId), eq(participations.userId, userId)));
  return row;
}

/** Inserts a request (`interested`, or `waitlisted` in a full game) unless the person already has a record; returns it when created. */
export async function insertInterest(
  ex: Executor, eventId: string, userId: string, status: 'interested' | 'waitlisted' = 'interested',
): Promise<ParticipationRow | undefined> {
  const [row] = await ex
    .insert(participations)
    .values({ eventId, userId, status, readBy: true })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function deleteParticipation(ex: Executor, id: string): Promise<void> {
  await ex.delete(participations).where(eq(participations.id, id));
}

/** A change made by someone else: the person has not seen it yet (readBy false). */
export async function setParticipationStatus(ex: Executor, id: string, status: ParticipationStatus): Promise<ParticipationRow> {
  const [row] = await ex
    .update(participations)
    .set({ status, readBy: false, updatedAt: new Date() })
    .where(eq(participations.id, id))
    .returning();
  return row;
}

export async function markRead(ex: Executor, eventId: string, userId: string): Promise<void> {
  await ex
    .update(participations)
    .set({ readBy: true })
    .where(and(eq(participations.eventId, eventId), eq(participations.userId, userId)));
}

export async function listForUser(ex: Executor, userId: string): Promise<ParticipationRow[]> {
  return ex.select().from(participations).where(eq(participations.userId, userId));
}

export async function listForEvent(ex: Executor, eventId: string) {
  return ex
    .select({
      record: participations,
      user: { _id: users.id, nickName: users.nickName, name: users.name, surname: users.surname, avatarVersion: users.avatarVersion },
    })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(eq(participations.eventId, eventId))
    // Arrival order: the waitlist's order (docs/adr/0090).
    .orderBy(participations.createdAt, participations.id);
}

/** Completing a game: its accepted players become `finished` (unseen), the game's line-up for good. */
export async function finishParticipants(ex: Executor, eventId: string): Promise<ParticipationRow[]> {
  return ex
    .update(participations)
    .set({ status: 'finished', readBy: false, updatedAt: new Date() })
    .where(and(eq(participations.eventId, eventId), eq(participations.status, 'accepted')))
    .returning();
}

/**
 * A game that counts (countsForRanking): each player gets a game played and the organiser an event
 * organised. Points follow by the generated column.
 */
export async function countGame(ex: Executor, ownerId: string, playerIds: string[]): Promise<void> {
  if (playerIds.length) {
    await ex
      .update(userStats)
      .set({ gamesPlayed: sql`${userStats.gamesPlayed} + 1` })
      .where(inArray(userStats.userId, playerIds));
  }
  await ex
    .update(userStats)
    .set({ eventsOrganized: sql`${userStats.eventsOrganized} + 1` })
    .where(eq(userStats.userId, ownerId));
}

/** A cancelled game: everyone still in it or waiting for a place is told (their record turns unseen). */
export async function flagCancelled(ex: Executor, eventId: string): Promise<ParticipationRow[]> {
  return ex
    .update(participations)
    .set({ readBy: false, updatedAt: new Date() })
    .where(and(eq(participations.eventId, eventId), inArray(participations.status, ['interested', 'accepted', 'waitlisted'])))
    .returning();
}
