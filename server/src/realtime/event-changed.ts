import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { EventChange } from '@contract/events';
import { events, participations } from '../db/schema';
import { gamesChanged } from '../search/games-changed';
import { userRoom } from './socket';

interface ChangedGame {
  id: string;
  /** Looked up when not given (the event clock knows only ids). */
  ownerId?: string;
  isPrivate?: boolean;
}

/**
 * `eventChanged` (docs/adr/0070), sent after the change committed: to the organiser and everyone
 * with a status in the game (one message per socket, however many rooms it is in); a new public
 * game goes to every connected socket, all of which are signed in. Best effort: real-time news
 * never fails the request that caused it. Every process hears that games changed first, so the
 * refetch this news causes finds the change whichever process answers it (ADR 96).
 */
export async function sendEventChanged(app: FastifyInstance, game: ChangedGame, change: EventChange): Promise<void> {
  gamesChanged(app);
  try {
    const payload = { eventId: game.id, change };
    if (change === 'created') {
      if (!game.isPrivate) app.io.emit('eventChanged', payload);
      return;
    }
    const db = app.ctx.database.db;
    const rows = await db.select({ userId: participations.userId }).from(participations).where(eq(participations.eventId, game.id));
    let ownerId = game.ownerId;
    if (!ownerId) [{ ownerId } = { ownerId: undefined }] = await db.select({ ownerId: events.ownerId }).from(events).where(eq(events.id, game.id));
    const people = rows.map((r) => r.userId);
    if (ownerId) people.push(ownerId);
    const rooms = [...new Set(people)].map(userRoom);
    if (rooms.length === 0) return;
    app.io.to(rooms).emit('eventChanged', payload);
  } catch (err) {
    app.log.warn({ err, eventId: game.id, change }, 'eventChanged not sent');
  }
}
