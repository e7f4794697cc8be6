import type { FastifyInstance } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { CHAT_MSG, CHAT_SEND_LIMIT, roomId as roomIdSchema, sendMessagePayload, type SocketAck } from '@contract/chat';
import { MSG } from '@contract/messages';
import { isMember, roomIdsOf } from '../repositories/chat';
import { insertMessage } from '../repositories/chat-messages';
import { notifyAwayMembers } from './chat-away';

type Ack = (answer: SocketAck) => void;

/** Socket.IO passes the acknowledgement as the last argument when the client asked for one. */
function ackOf(args: unknown[]): Ack {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as Ack) : () => undefined;
}

/**
 * Chat over the socket (spec section 4): joinRoom and leaveRoom take the room id as a plain string,
 * sendMessage {roomId, message, senderId}. Membership is checked against the database on every
 * event; the sender is the socket's session, never the payload's senderId.
 */
export function registerChatHandlers(app: FastifyInstance, io: Server): void {
  const db = () => app.ctx.database.db;

  io.on('connection', (socket: Socket) => {
    const me = socket.data.userId as string;

    // The person's rooms are joined at once, so nothing sent before the client's joinRoom is lost.
    roomIdsOf(db(), me).then(
      (ids) => ids.length && socket.join(ids),
      (err) => app.log.error({ err }, 'joining chat rooms failed'),
    );

    socket.on('joinRoom', async (...args: unknown[]) => {
      const ack = ackOf(args);
      const parsed = roomIdSchema.safeParse(args[0]);
      if (!parsed.success) return ack({ ok: false, msg: CHAT_MSG.invalidRoom });
      try {
        if (!(await isMember(db(), parsed.data, me))) return ack({ ok: false, msg: CHAT_MSG.notMember });
        await socket.join(parsed.data);
        ack({ ok: true });
      } catch (err) {
        app.log.error({ err }, 'joinRoom failed');
        ack({ ok: false, msg: MSG.serverError });
      }
    });

    socket.on('leaveRoom', async (...args: unknown[]) => {
      const ack = ackOf(args);
      // Only chat rooms: the person's own user room is the server's business.
      const parsed = roomIdSchema.safeParse(args[0]);
      if (!parsed.success) return ack({ ok: false, msg: CHAT_MSG.invalidRoom });
      await socket.leave(parsed.data);
      ack({ ok: true });
    });

    socket.on('sendMessage', async (...args: unknown[]) => {
      const ack = ackOf(args);
      try {
        const [max, windowMs] = CHAT_SEND_LIMIT;
        const { count } = await app.ctx.limiter.hit(`chat-send:${me}`, windowMs);
        if (count > max) return ack({ ok: false, msg: CHAT_MSG.tooFast });
        const parsed = sendMessagePayload.safeParse(args[0]);
        if (!parsed.success) return ack({ ok: false, msg: parsed.error.issues[0]?.message ?? MSG.invalidData });
        // Stored first: only a message that is in the history is ever broadcast.
        const message = await insertMessage(db(), parsed.data.roomId, me, parsed.data.message);
        if (!message) return ack({ ok: false, msg: CHAT_MSG.notMember });
        io.to(message.roomId).emit('newMessage', message);
        notifyAwayMembers(app, message);
        ack({ ok: true, message });
      } catch (err) {
        app.log.error({ err }, 'sendMessage failed');
        ack({ ok: false, msg: CHAT_MSG.sendFailed });
      }
    });
  });
}
