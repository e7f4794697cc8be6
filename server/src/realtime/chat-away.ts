import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ChatMessage } from '@contract/chat';
import { chatMembers, chatRooms, events } from '../db/schema';
import { unreadCount } from '../repositories/chat-messages';
import type { NotificationDraft } from '../repositories/notification-records';
import { dispatchLater } from '../services/notification-dispatch';
import { chatDraft } from '../services/notification-texts';
import { userRoom } from './socket';

/**
 * New chat messages for people who are away (docs/adr/0085): a member with no open tab (on any
 * process) is told once per unread streak — at the first message they have not read — so a busy
 * room leaves one notification, not one per message. Tabs that are open hear `newMessage` as before.
 */
export function notifyAwayMembers(app: FastifyInstance, message: ChatMessage): void {
  dispatchLater(app, 'chat notifications', async () => {
    const db = app.ctx.database.db;
    const [room] = await db
      .select({ eventName: events.eventName })
      .from(chatRooms)
      .leftJoin(events, eq(events.id, chatRooms.eventId))
      .where(eq(chatRooms.id, message.roomId));
    const members = await db.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.roomId, message.roomId));
    const drafts: NotificationDraft[] = [];
    for (const { userId } of members) {
      if (userId === message.sender._id) continue;
      if ((await app.io.in(userRoom(userId)).fetchSockets()).length) continue;
      if ((await unreadCount(db, message.roomId, userId)) !== 1) continue;
      drafts.push(chatDraft(userId, message.roomId, message.sender.nickName, message.message, room?.eventName ?? null));
    }
    return drafts;
  });
}
