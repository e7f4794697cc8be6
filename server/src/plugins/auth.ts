import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@contract/constants';
import { UnauthorizedError } from '../lib/errors';
import { createSession, findSessionUser } from '../repositories/sessions';
import { endSessionByToken } from '../realtime/session-end';
import type { UserRow } from '../repositories/users';
import { issueXsrfCookie } from './security';

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

/** Resolves the session cookie of a request or a socket handshake to its user. */
export async function userFromSessionToken(app: FastifyInstance, token: string | undefined): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  return findSessionUser(app.ctx.database.db, token, app.ctx.config.session);
}

export async function registerAuth(app: FastifyInstance): Promise<void> {
  const cookieName = sessionCookieName(app.ctx.config.secureCookies);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  // Decided on the matched route (the router has decoded the path), never on the raw URL.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.routeOptions.url?.startsWith(`${API_PREFIX}/`)) return;
    const token = request.cookies[cookieName];
    if (!token) return;
    const user = await userFromSessionToken(app, token);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) throw new UnauthorizedError();
  });
}

/** Starts a new session (a fresh id at every login) and a fresh XSRF token with it. */
export async function startSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: string) {
  if (request.sessionToken) await endSessionByToken(app, request.sessionToken);
  const token = await createSession(app.ctx.database.db, userId, app.ctx.config.session, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  reply.setCookie(sessionCookieName(app.ctx.config.secureCookies), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.ctx.config.secureCookies,
    maxAge: Math.floor(app.ctx.config.session.absoluteMs / 1000),
  });
  issueXsrfCookie(app, reply);
}

export async function endSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.sessionToken) await endSessionByToken(app, request.sessionToken);
  reply.clearCookie(sessionCookieName(app.ctx.config.secureCookies), { path: '/' });
}
