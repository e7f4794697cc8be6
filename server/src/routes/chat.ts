import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_MSG, chatRoomsResponse, clearHistoryResponse, createRoomBody, createRoomResponse, messagesQuery, messagesResponse,
  participantsResponse, roomId, roomIdBody, roomIdQuery, unreadCountResponse,
} from '@contract/chat';
import { BadRequestError, ForbiddenError } from '../lib/errors';
import { sendChatNotices } from '../realtime/chat-notify';
import { isMember, listRoomsOf, participantsWithoutRoom } from '../repositories/chat';
import { deleteMessagesOf, listMessages, markRoomRead, parseCursor, unreadCount } from '../repositories/chat-messages';
import { openPrivateRoom } from '../services/chat-rooms';

/** Spec section 7, "Chat". Every room route answers only to the room's members. */
export async function chatRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  app.addHook('preHandler', app.requireUser);

  async function requireMember(room: string, userId: string) {
    if (!(await isMember(db, room, userId))) throw new ForbiddenError(CHAT_MSG.notMember);
  }

  app.get('/chat/rooms', { schema: { response: { 200: chatRoomsResponse } } }, async (request) => ({
    chatRooms: await listRoomsOf(db, request.user!.id),
  }));

  app.post('/chat/rooms', { schema: { body: createRoomBody, response: { 200: createRoomResponse, 201: createRoomResponse } } }, async (request, reply) => {
    const { room, created } = await openPrivateRoom(db, request.user!.id, request.body.otherUserId);
    if (created) {
      sendChatNotices(app, [
        { kind: 'added', userId: request.body.otherUserId, roomId: room.roomId },
        { kind: 'added', userId: request.user!.id, roomId: room.roomId },
      ]);
    }
    return reply.status(created ? 201 : 200).send({ chatRoom: room });
  });

  app.get(
    '/chat/messages/unreaded/count',
    { schema: { querystring: roomIdQuery, response: { 200: unreadCountResponse } } },
    async (request) => {
      const count = await unreadCount(db, request.query.roomId, request.user!.id);
      if (count === null) throw new ForbiddenError(CHAT_MSG.notMember);
      return { unreadCount: count };
    },
  );

  app.patch('/chat/messages/read', { schema: { body: roomIdBody, response: { 200: z.object({ msg: z.string() }) } } }, async (request) => {
    if (!(await markRoomRead(db, request.body.roomId, request.user!.id))) throw new ForbiddenError(CHAT_MSG.notMember);
    return { msg: 'OK' };
  });

  app.delete('/chat/messages/clear', { schema: { response: { 200: clearHistoryResponse } } }, async (request) => ({
    deletedCount: await deleteMessagesOf(db, request.user!.id),
  }));

  app.get(
    '/chat/messages/:roomId',
    { schema: { params: z.object({ roomId }), querystring: messagesQuery, response: { 200: messagesResponse } } },
    async (request) => {
      const { limit, page, before } = request.query;
      await requireMember(request.params.roomId, request.user!.id);
      const cursor = before ? parseCursor(before) : undefined;
      if (cursor === null) throw new BadRequestError(CHAT_MSG.invalidCursor);
      // The cursor wins over the spec's page number: it stays right when new messages arrive.
      const offset = !cursor && page ? (page - 1) * limit : 0;
      return listMessages(db, request.params.roomId, { limit, before: cursor, offset });
    },
  );

  app.get('/chat/event-participants', { schema: { response: { 200: participantsResponse } } }, async (request) => ({
    participants: await participantsWithoutRoom(db, request.user!.id),
  }));
}
