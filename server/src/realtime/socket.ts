import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { sessionCookieName, userFromSessionToken } from '../plugins/auth';
import { registerChatHandlers } from './chat-socket';

export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Socket.IO on the app's HTTP server. A connection is authenticated from the session cookie and
 * joins its user's room; other origins are refused (cookies would otherwise let any site connect).
 * With Redis, several processes share rooms through the Redis adapter.
 */
export function attachSocket(app: FastifyInstance): Server {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin) return callback(null, true);
      try {
        // X-Forwarded-Host is anybody's to send unless a trusted proxy sets it (TRUST_PROXY).
        const forwarded = app.ctx.config.TRUST_PROXY ? String(req.headers['x-forwarded-host'] ?? '').split(',')[0].trim() : '';
        const host = forwarded || req.headers.host;
        const allowed = new URL(origin).host === host || origin === new URL(app.ctx.config.PUBLIC_URL).origin;
        callback(null, allowed);
      } catch {
        callback(null, false);
      }
    },
  });
  if (app.ctx.redis) {
    const pub = app.ctx.redis.duplicate();
    const sub = app.ctx.redis.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `${app.ctx.config.REDIS_PREFIX}socket.io` }));
    // Closed after Socket.IO itself (see app.ts), so no adapter command is cut off mid-way.
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }
  const cookieName = sessionCookieName(app.ctx.config.secureCookies);
  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const user = await userFromSessionToken(app, cookies[cookieName]);
      if (!user) return next(new Error('unauthorized'));
      socket.data.userId = user.id;
      socket.data.nickName = user.nickName;
      next();
    } catch (err) {
      app.log.error({ err }, 'socket auth failed');
      next(new Error('unauthorized'));
    }
  });
  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId as string));
  });
  registerChatHandlers(app, io);
  return io;
}
