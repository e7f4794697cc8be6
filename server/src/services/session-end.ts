import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { cutSessionSockets, endSessions } from '../realtime/session-end';
import { deleteSessionsByHash, listUserSessions, type SessionRow } from '../repositories/sessions';

/** What the sessions screen calls a session: derived from the id hash, so the hash itself never leaves. */
export function publicSessionId(idHash: string): string {
  return createHash('sha256').update(`session-id:${idHash}`).digest('hex').slice(0, 32);
}

export async function userSessions(app: FastifyInstance, userId: string): Promise<SessionRow[]> {
  return listUserSessions(app.ctx.database.db, userId, app.ctx.config.session);
}

/**
 * Ends sessions of one person chosen on the sessions screen: one of them (`only`, a public id) or
 * all but the current one (`exceptToken`, through `endSessions`, the one way to end a person's
 * sessions). Their sockets get `sessionEnded` and are disconnected (ADR 0050). Returns the id hashes that ended.
 */
export async function endUserSessions(
  app: FastifyInstance,
  userId: string,
  which: { only: string } | { exceptToken: string },
): Promise<string[]> {
  if ('exceptToken' in which) return endSessions(app, userId, { except: which.exceptToken });
  const chosen = (await userSessions(app, userId)).filter((s) => publicSessionId(s.idHash) === which.only);
  const ended = await deleteSessionsByHash(app.ctx.database.db, userId, chosen.map((s) => s.idHash));
  cutSessionSockets(app, ended);
  return ended;
}
