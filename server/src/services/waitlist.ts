import { and, asc, eq, sql } from 'drizzle-orm';
import { hasStarted, type ParticipationStatus } from '@contract/events';
import type { Executor } from '../db/database';
import { participations } from '../db/schema';
import { findEvent, flagOwnerUnread, type EventWithOwner } from '../repositories/events';
import { setParticipationStatus, type ParticipationRow } from '../repositories/participations';
import { syncGroupMembership, type ChatNotice } from './chat-rooms';
import { organiserNotice, type StatusNotice } from './event-lifecycle';

/**
 * The waitlist of a full game (docs/adr/0090). Every function here runs inside the caller's
 * transaction, after the caller locked the game's row (findEvent … forUpdate): the lock serialises
 * everything that changes a game's line-up, so two places freed at once, two processes or a player
 * leaving while being promoted can neither book one place twice nor skip anybody.
 */

export type StatusCounts = Record<ParticipationStatus, number>;

export async function countByStatus(ex: Executor, eventId: string): Promise<StatusCounts> {
  const rows = await ex
    .select({ status: participations.status, n: sql<number>`count(*)::int` })
    .from(participations)
    .where(eq(participations.eventId, eventId))
    .groupBy(participations.status);
  const counts: StatusCounts = { interested: 0, accepted: 0, rejected: 0, finished: 0, waitlisted: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** A game with places whose accepted players fill them, or with people already waiting: newcomers queue. */
export function joinsWaitlist(event: { playerCount: number }, counts: StatusCounts): boolean {
  return event.playerCount > 0 && (counts.accepted >= event.playerCount || counts.waitlisted > 0);
}

export function isFull(event: { playerCount: number }, counts: StatusCounts): boolean {
  return event.playerCount > 0 && counts.accepted >= event.playerCount;
}

/** The waitlist in arrival order. */
export async function listWaitlist(ex: Executor, eventId: string, limit?: number): Promise<ParticipationRow[]> {
  const q = ex
    .select()
    .from(participations)
    .where(and(eq(participations.eventId, eventId), eq(participations.status, 'waitlisted')))
    .orderBy(asc(participations.createdAt), asc(participations.id));
  return limit === undefined ? q : q.limit(limit);
}

/** 1 for the first on the waitlist; null when the person is not on it. */
export async function waitlistPosition(ex: Executor, eventId: string, userId: string): Promise<number | null> {
  const list = await listWaitlist(ex, eventId);
  const index = list.findIndex((r) => r.userId === userId);
  return index < 0 ? null : index + 1;
}

export interface WaitlistOutcome {
  notices: StatusNotice[];
  chat: ChatNotice[];
  /** Somebody was accepted: the line-up others see changed. */
  lineUpChanged: boolean;
}

function playerNotice(event: EventWithOwner, row: ParticipationRow): StatusNotice {
  return {
    userId: row.userId,
    payload: {
      eventId: event.id, eventName: event.eventName, userId: row.userId, status: row.status, eventStatus: event.status,
      recordId: row.id, readBy: false,
    },
  };
}

/**
 * Brings the game's line-up in step with its places, after any change to it (a player left, was
 * turned away, deleted the account; the organiser accepted someone, changed the number of places or
 * the mode). Re-reads the game under the caller's lock.
 * - Free places go to the first on the waitlist: accepted at once ('auto'), or made requests the
 *   organiser decides on ('approval'; pending requests then count as taken places).
 * - A full game sends its pending requests to the waitlist (they keep their arrival time, so they
 *   stand before everyone who asked later).
 * Nothing moves once the game has started or is over: the waitlist is closed.
 */
export async function settleWaitlist(tx: Executor, eventId: string, now: Date = new Date()): Promise<WaitlistOutcome> {
  const out: WaitlistOutcome = { notices: [], chat: [], lineUpChanged: false };
  const event = await findEvent(tx, eventId, { forUpdate: true });
  if (!event || event.status !== 'upcoming' || hasStarted(event.startAt, now) || event.playerCount <= 0) return out;
  const counts = await countByStatus(tx, eventId);
  const auto = event.waitlistMode === 'auto';
  const free = event.playerCount - counts.accepted - (auto ? 0 : counts.interested);
  if (free > 0 && counts.waitlisted > 0) {
    for (const next of await listWaitlist(tx, eventId, free)) {
      const row = await setParticipationStatus(tx, next.id, auto ? 'accepted' : 'interested');
      out.notices.push(playerNotice(event, row));
      if (auto) {
        counts.accepted += 1;
        out.lineUpChanged = true;
        out.chat.push(...(await syncGroupMembership(tx, event, row.userId, 'accepted')));
      } else {
        // A request the organiser has to decide on: news for them, as any request (docs/adr/0076).
        await flagOwnerUnread(tx, eventId);
        out.notices.push(organiserNotice(event, row.userId, 'interested', true));
      }
    }
  }
  if (isFull(event, counts) && counts.interested > 0) {
    const queued = await tx
      .update(participations)
      .set({ status: 'waitlisted', readBy: false, updatedAt: new Date() })
      .where(and(eq(participations.eventId, eventId), eq(participations.status, 'interested')))
      .returning();
    for (const row of queued) out.notices.push(playerNotice(event, row));
  }
  return out;
}

/** Concatenates outcomes, for callers that settle several games. */
export function mergeOutcomes(outcomes: WaitlistOutcome[]): WaitlistOutcome {
  return {
    notices: outcomes.flatMap((o) => o.notices),
    chat: outcomes.flatMap((o) => o.chat),
    lineUpChanged: outcomes.some((o) => o.lineUpChanged),
  };
}

/**
 * Closes the waitlists of games that have started (the event clock) or of one game (its completion):
 * the people still waiting are taken off and told (status null).
 */
export async function closeWaitlists(ex: Executor, eventId?: string): Promise<StatusNotice[]> {
  const res = await ex.execute(sql`
    DELETE FROM participations p USING events e
    WHERE p.event_id = e.id AND p.status = 'waitlisted'
      AND ${eventId ? sql`e.id = ${eventId}` : sql`e.start_at <= now()`}
    RETURNING p.user_id, e.id AS event_id, e.event_name, e.status`);
  return (res.rows as Array<{ user_id: string; event_id: string; event_name: string; status: EventWithOwner['status'] }>).map((r) => ({
    userId: r.user_id,
    payload: {
      eventId: r.event_id, eventName: r.event_name, userId: r.user_id, status: null, eventStatus: r.status, recordId: null,
      readBy: false,
    },
  }));
}
