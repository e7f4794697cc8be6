import type { FastifyInstance } from 'fastify';
import { findUserById } from '../repositories/users';
import type { StatusNotice } from '../services/event-lifecycle';
import { dispatchLater } from '../services/notification-dispatch';
import { statusDraft } from '../services/notification-texts';
import { userRoom } from './socket';

/**
 * Sent after the transaction committed, with small payloads (one per affected person). The news
 * among them (unread) also becomes a stored notification, sent on the person's channels (docs/adr/0085).
 */
export function sendStatusUpdates(app: FastifyInstance, notices: StatusNotice[] | null | undefined): void {
  for (const n of notices ?? []) app.io.to(userRoom(n.userId)).emit('statusUpdate', n.payload);
  const news = (notices ?? []).filter((n) => !n.payload.readBy);
  if (!news.length) return;
  dispatchLater(app, 'status notifications', async () => {
    const drafts = [];
    for (const n of news) {
      const nick = n.payload.forOrganiser ? ((await findUserById(app.ctx.database.db, n.payload.userId))?.nickName ?? null) : null;
      const draft = statusDraft(n.userId, n.payload, nick);
      if (draft) drafts.push(draft);
    }
    return drafts;
  });
}
