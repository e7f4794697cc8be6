import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { deleteSession, deleteUserSessions } from '../repositories/sessions';
import { hashToken } from '../lib/tokens';

/** The room every socket of one session joins, so that session can be addressed across processes. */
export const sessionRoom = (idHash: string) => `session:${idHash}`;

/** The server-side event other processes receive (through the Redis adapter) to cut their sockets. */
const CUT_EVENT = 'cutSessions';

/** Tells this process's sockets of the sessions that their session ended, then disconnects them. */
function cutLocal(io: Server, idHashes: string[]): void {
  for (const idHash of idHashes) {
    const ids = io.of('/').adapter.rooms.get(sessionRoom(idHash));
    for (const id of [...(ids ?? [])]) {
      const socket = io.of('/').sockets.get(id);
      if (!socket) continue;
      socket.emit('sessionEnded');
      socket.disconnect(true);
    }
  }
}

/** Wires the cross-process half: other processes ask this one to cut its sockets of ended sessions. */
export function listenForSessionCuts(io: Server): void {
  io.on(CUT_EVENT, (idHashes: unknown) => {
    if (Array.isArray(idHashes)) cutLocal(io, idHashes.filter((h): h is string => typeof h === 'string'));
  });
}

/**
 * Cuts the sockets of sessions that have already been deleted: `sessionEnded`, then disconnect, in
 * this process and (with Redis) in every other one. Each process emits and disconnects its own
 * sockets, so the event always arrives before the disconnect. Never throws: real-time is best effort,
 * and every socket also re-checks its session on its next event (see socket.ts).
 */
export function cutSessionSockets(app: FastifyInstance, idHashes: string[]): void {
  if (!idHashes.length || !app.io) return;
  cutLocal(app.io, idHashes);
  if (!app.ctx.redis) return;
  try {
    app.io.serverSideEmit(CUT_EVENT, idHashes);
  } catch (err) {
    app.log.warn({ err }, 'telling other processes to cut ended sessions failed');
  }
}

/** Ends one session given its cookie token: deletes it and cuts its sockets. */
export async function endSessionByToken(app: FastifyInstance, token: string): Promise<void> {
  await deleteSession(app.ctx.database.db, token);
  cutSessionSockets(app, [hashToken(token)]);
}

/**
 * Ends a person's sessions — all of them, or all but one (`except`: the cookie token of the session
 * to keep, e.g. "log out other devices") — and cuts their sockets. The one function every
 * session-ending path calls when it is not inside a transaction; inside one, call
 * `deleteUserSessions` and pass its result to `cutSessionSockets` after the commit.
 */
export async function endSessions(app: FastifyInstance, userId: string, opts: { except?: string } = {}): Promise<string[]> {
  const idHashes = await deleteUserSessions(app.ctx.database.db, userId, opts.except ? hashToken(opts.except) : undefined);
  cutSessionSockets(app, idHashes);
  return idHashes;
}
