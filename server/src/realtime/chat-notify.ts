import type { FastifyInstance } from 'fastify';
import type { NewChatRoomPayload, RemovedFromChatRoomPayload } from '@contract/chat';
import { listRoomsOf } from '../repositories/chat';
import type { ChatNotice } from '../services/chat-rooms';
import { userRoom } from './socket';

/**
 * Tells people about membership changes after the transaction committed. The server moves the
 * person's sockets in or out of the room itself (through the adapter, so on every process): a
 * removed member stops receiving the room at once, whatever their client does.
 */
export function sendChatNotices(app: FastifyInstance, notices: ChatNotice[] | null | undefined): void {
  for (const n of notices ?? []) {
    const sockets = app.io.in(userRoom(n.userId));
    if (n.kind === 'removed') {
      sockets.socketsLeave(n.roomId);
      const payload: RemovedFromChatRoomPayload = { targetUserId: n.userId, roomId: n.roomId };
      app.io.to(userRoom(n.userId)).emit('removedFromChatRoom', payload);
    } else {
      void announceRoom(app, n.userId, n.roomId);
    }
  }
}

async function announceRoom(app: FastifyInstance, userId: string, roomId: string): Promise<void> {
  try {
    const [chatRoom] = await listRoomsOf(app.ctx.database.db, userId, roomId);
    if (!chatRoom) return; // removed again in the meantime
    app.io.in(userRoom(userId)).socketsJoin(roomId);
    const payload: NewChatRoomPayload = { targetUserId: userId, chatRoom };
    app.io.to(userRoom(userId)).emit('newChatRoom', payload);
  } catch (err) {
    app.log.error({ err, roomId }, 'newChatRoom notice failed');
  }
}
