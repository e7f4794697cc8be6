import type { FastifyInstance } from 'fastify';
import { insertNearbyNotifications, type NewGame } from '../repositories/nearby';
import { setChannels } from '../repositories/notification-records';
import { nearbyDraftText } from './notification-texts';
import { emitNotification, sendOutside } from './notification-dispatch';

interface CreatedGame extends NewGame {
  eventName: string;
  isPrivate: boolean;
  status: string;
  startAt: Date;
  city: string;
  street: string;
  addressNumber: string;
}

/**
 * A new public game tells the people around it (docs/adr/0086): one statement finds and stores
 * them; then each open tab hears it and, unless they chose the daily digest, a subscribed device
 * gets a push. No e-mail one by one: that is what the digest is for.
 */
export async function notifyNearby(app: FastifyInstance, game: CreatedGame, now: Date = new Date()): Promise<number> {
  if (game.isPrivate || game.status !== 'upcoming') return 0;
  const db = app.ctx.database.db;
  const matches = await insertNearbyNotifications(db, game, nearbyDraftText(game, now), now);
  const push = app.ctx.push;
  for (const m of matches) {
    emitNotification(app, m.row);
    if (m.digest || !m.push || !push) continue;
    if ((await push.isSubscribed(m.row.userId)) && (await sendOutside(app, m.row, 'push'))) {
      await setChannels(db, m.row.id, ['inApp', 'push']);
    }
  }
  return matches.length;
}
