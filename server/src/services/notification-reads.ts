import type { FastifyInstance } from 'fastify';
import { markOwnerRead } from '../repositories/events';
import {
  STATUS_KINDS, markAllNotificationsRead, markEventStatusRead, markNotificationRead, type NotificationRow,
} from '../repositories/notification-records';
import { markRead as markParticipationRead } from '../repositories/participations';
import { userRoom } from '../realtime/socket';

/**
 * One read state for a game's status news (docs/adr/0085): reading it in the list of notifications
 * marks the participation (or the organiser's flag, docs/adr/0076) read, and reading it there marks
 * the stored notifications read. The person's other tabs hear `notificationsRead`.
 */
export async function readGameNews(app: FastifyInstance, userId: string, eventId: string): Promise<void> {
  const db = app.ctx.database.db;
  if (!(await markOwnerRead(db, eventId, userId))) await markParticipationRead(db, eventId, userId);
  await markEventStatusRead(db, userId, eventId);
}

export async function readNotification(app: FastifyInstance, userId: string, id: string): Promise<NotificationRow | undefined> {
  const row = await markNotificationRead(app.ctx.database.db, userId, id);
  if (!row) return undefined;
  if (row.eventId && STATUS_KINDS.includes(row.kind)) await readGameNews(app, userId, row.eventId);
  tellTabs(app, userId);
  return row;
}

export async function readAllNotifications(app: FastifyInstance, userId: string): Promise<number> {
  const db = app.ctx.database.db;
  const news = await db.transaction(async (tx) => {
    const unreadNews = await tx.query.notifications.findMany({
      columns: { eventId: true, kind: true },
      where: (n, { and, eq, isNull, inArray, isNotNull }) => and(eq(n.userId, userId), isNull(n.readAt), inArray(n.kind, STATUS_KINDS), isNotNull(n.eventId)),
    });
    return { events: [...new Set(unreadNews.map((n) => n.eventId!))], count: await markAllNotificationsRead(tx, userId) };
  });
  for (const eventId of news.events) await readGameNews(app, userId, eventId);
  tellTabs(app, userId);
  return news.count;
}

export function tellTabs(app: FastifyInstance, userId: string): void {
  app.io.to(userRoom(userId)).emit('notificationsRead', {});
}
