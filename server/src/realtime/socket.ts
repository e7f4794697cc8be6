import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { sessionCookieName, userFromSessionToken } from '../plugins/auth';
import { registerChatHandlers } from './chat-socket';
import { hashToken } from '../lib/tokens';
import { sessionValidUntil } from '../repositories/sessions';
import { listenForSessionCuts, sessionRoom } from './session-end';
import { adapterClients } from './adapter-clients';
import { listenForGamesChanged } from '../search/games-changed';

/** A socket's session is looked up again on an event when the last check is older than this. */
export const SESSION_RECHECK_MS = 5_000;
/** Longest wait of the expiry timer before it looks again (setTimeout's limit is ~24.8 days). */
const MAX_TIMER_MS = 3600_000;

/**
 * Keeps a socket tied to its session after the handshake (ADR 0050). Ending a session cuts its
 * sockets at once (session-end.ts); as a backstop, every event re-checks the session — from the
 * socket's cached expiry, and from the database when the last look is older than SESSION_RECHECK_MS —
 * and a timer at the session's expiry cuts an idle socket whose session ran out.
 */
function watchSession(app: FastifyInstance, socket: Socket): void {
  const policy = app.ctx.config.session;
  const data = socket.data as { sessionHash: string; validUntil: number; checkedAt: number };
  let timer: NodeJS.Timeout | undefined;
  const end = () => {
    socket.emit('sessionEnded');
    socket.disconnect(true);
  };
  /** Looks the session up; false (and the socket cut) when it is gone or over. */
  const recheck = async (): Promise<boolean> => {
    const until = await sessionValidUntil(app.ctx.database.db, data.sessionHash, policy);
    if (until === null) {
      end();
      return false;
    }
    data.validUntil = until;
    data.checkedAt = Date.now();
    return true;
  };
  const arm = () => {
    clearTimeout(timer);
    if (!socket.connected) return;
    const wait = Math.min(Math.max(data.validUntil - Date.now(), 0) + 1000, MAX_TIMER_MS);
    timer = setTimeout(() => {
      recheck().then(
        (ok) => ok && arm(),
        (err) => {
          app.log.warn({ err }, 'socket session check failed');
          arm();
        },
      );
    }, wait);
    timer.unref();
  };
  arm();
  socket.on('disconnect', () => clearTimeout(timer));
  socket.use((_packet, next) => {
    const now = Date.now();
    if (now < data.validUntil && now - data.checkedAt < SESSION_RECHECK_MS) return next();
    recheck().then(
      (ok) => {
        if (!ok) return;
        arm();
        next();
      },
      (err) => {
        app.log.warn({ err }, 'socket session check failed');
        next(new Error('unavailable'));
      },
    );
  });
}

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
    // Publishing never throws and never waits on a Redis that is away (adapter-clients.ts, ADR 0065).
    const { pub, sub, ready } = adapterClients(app.ctx.redis, app.log);
    io.adapter(createAdapter(pub, sub, { key: `${app.ctx.config.REDIS_PREFIX}socket.io` }));
    app.addHook('onReady', () => ready(5_000));
    // Closed after Socket.IO itself (see app.ts), so no adapter command is cut off mid-way.
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }
  const cookieName = sessionCookieName(app.ctx.config.secureCookies);
  const db = () => app.ctx.database.db;
  const policy = app.ctx.config.session;
  io.use(async (socket, next) => {
    // 'unauthorized' only when the session is known not to be valid; when it cannot be checked now
    // (database down), 'unavailable' so the client keeps retrying instead of signing the person out.
    let user;
    let validUntil: number | null = null;
    const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
    const token = cookies[cookieName];
    try {
      user = await userFromSessionToken(app, token);
      if (user) validUntil = await sessionValidUntil(db(), hashToken(token!), policy);
    } catch (err) {
      app.log.error({ err }, 'socket auth failed');
      return next(new Error('unavailable'));
    }
    if (!user || validUntil === null) return next(new Error('unauthorized'));
    socket.data.userId = user.id;
    socket.data.nickName = user.nickName;
    socket.data.sessionHash = hashToken(token!);
    socket.data.validUntil = validUntil;
    socket.data.checkedAt = Date.now();
    next();
  });
  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId as string), sessionRoom(socket.data.sessionHash as string)]);
    watchSession(app, socket);
  });
  listenForSessionCuts(io);
  listenForGamesChanged(io, app.ctx);
  registerChatHandlers(app, io);
  return io;
}
