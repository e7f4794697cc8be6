import { and, eq, sql } from 'drizzle-orm';
import { ATTENDANCE_EDIT_MS, EVENT_MSG } from '@contract/events';
import type { Db } from '../db/database';
import { participations, userStats } from '../db/schema';
import { ConflictError, NotFoundError } from '../lib/errors';
import { findEvent } from '../repositories/events';

/** Until when the organiser may change a completed game's check-in; null when the game is not completed. */
export function attendanceEditableUntil(event: { status: string; completedAt: Date | null }): Date | null {
  return event.status === 'completed' && event.completedAt ? new Date(event.completedAt.getTime() + ATTENDANCE_EDIT_MS) : null;
}

async function presentCount(tx: Parameters<Parameters<Db['transaction']>[0]>[0], eventId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(participations)
    .where(and(eq(participations.eventId, eventId), eq(participations.status, 'finished'), eq(participations.attended, true)));
  return Number(row?.n ?? 0);
}

/**
 * The organiser marks a player of a completed game obecny / nieobecny (docs/adr/0091), within 48 h
 * of the completion. A no-show's game is not counted as played (the player's games played, and so
 * points, go down by one; back up when marked present again); a game nobody came to counts for the
 * organiser no more (ADR 77's rule with "accepted" read as "came"). One transaction, the game locked.
 * Answers whether anything changed.
 */
export async function setAttendance(db: Db, eventId: string, playerId: string, attended: boolean, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const event = await findEvent(tx, eventId, { forUpdate: true });
    if (!event) throw new NotFoundError(EVENT_MSG.notFound);
    const until = attendanceEditableUntil(event);
    if (!until) throw new ConflictError(EVENT_MSG.attendanceNotYet);
    if (now.getTime() > until.getTime()) throw new ConflictError(EVENT_MSG.attendanceClosed);
    const [record] = await tx
      .select()
      .from(participations)
      .where(and(eq(participations.eventId, eventId), eq(participations.userId, playerId), eq(participations.status, 'finished')));
    if (!record) throw new NotFoundError(EVENT_MSG.noParticipant);
    if (record.attended === attended) return false;
    const before = await presentCount(tx, eventId);
    await tx.update(participations).set({ attended }).where(eq(participations.id, record.id));
    const delta = attended ? 1 : -1;
    await tx
      .update(userStats)
      .set({ gamesPlayed: sql`greatest(0, ${userStats.gamesPlayed} + ${delta})` })
      .where(eq(userStats.userId, playerId));
    const after = before + delta;
    if ((before > 0) !== (after > 0)) {
      await tx
        .update(userStats)
        .set({ eventsOrganized: sql`greatest(0, ${userStats.eventsOrganized} + ${after > 0 ? 1 : -1})` })
        .where(eq(userStats.userId, event.ownerId));
    }
    return true;
  });
}
