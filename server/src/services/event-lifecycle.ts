import type { StatusUpdatePayload } from '@contract/events';
import type { Db, Executor } from '../db/database';
import { transitionEvent } from '../repositories/events';
import { finishParticipants, flagCancelled } from '../repositories/participations';

export interface StatusNotice {
  userId: string;
  payload: StatusUpdatePayload;
}

/**
 * Completes a game once (whoever comes first: the organiser's Zakończ or the clock) and applies
 * its effects in the same transaction. Returns the notices to send after commit, or null when the
 * game was already finished.
 */
export async function completeEvent(db: Db, eventId: string): Promise<StatusNotice[] | null> {
  return db.transaction(async (tx) => {
    const event = await transitionEvent(tx, eventId, ['upcoming', 'live'], 'completed');
    if (!event) return null;
    const finished = await finishParticipants(tx, eventId, event.ownerId);
    return finished.map((p) => ({
      userId: p.userId,
      payload: {
        eventId, eventName: event.eventName, userId: p.userId, status: p.status, eventStatus: 'completed' as const,
        recordId: p.id, readBy: false,
      },
    }));
  });
}

/** Cancels a game (the owner's Usuń): it leaves search and the map; participants are told. */
export async function cancelEvent(db: Executor, eventId: string): Promise<StatusNotice[] | null> {
  return db.transaction(async (tx) => {
    const event = await transitionEvent(tx, eventId, ['upcoming', 'live'], 'cancelled');
    if (!event) return null;
    const flagged = await flagCancelled(tx, eventId);
    return flagged.map((p) => ({
      userId: p.userId,
      payload: {
        eventId, eventName: event.eventName, userId: p.userId, status: p.status, eventStatus: 'cancelled' as const,
        recordId: p.id, readBy: false,
      },
    }));
  });
}

