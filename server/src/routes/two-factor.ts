import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { msgResponse } from '@contract/auth';
import { MSG } from '@contract/messages';
import {
  TWO_FACTOR_MSG, codeBody, secondStepBody, secondStepLoginResponse, sessionIdParams, sessionsResponse, totpEnableResponse,
  totpSetupBody, totpSetupResponse, totpStatusResponse,
} from '@contract/two-factor';
import { BadRequestError, ConflictError, HttpError, NotFoundError, UnauthorizedError } from '../lib/errors';
import { enforceLimit } from '../lib/limits';
import { maskEmail } from '../lib/log';
import { hashToken } from '../lib/tokens';
import { describeUserAgent } from '../lib/user-agent';
import { endSession, startSession } from '../plugins/auth';
import { consumeToken, peekToken } from '../repositories/tokens';
import { findUserById, toSessionUser } from '../repositories/users';
import { endUserSessions, publicSessionId, userSessions } from '../services/session-end';
import { reauthenticator } from '../services/reauthenticate';
import { TwoFactor } from '../services/two-factor';

const SETUP_TEXTS = {
  passwordRequired: TWO_FACTOR_MSG.setupPasswordRequired, wrongPassword: TWO_FACTOR_MSG.setupWrongPassword,
  googleRequired: TWO_FACTOR_MSG.setupGoogleRequired, googleStale: TWO_FACTOR_MSG.setupGoogleStale,
};

/** Codes tried per person per window: the second login step, enabling, disabling (6 digits must not be guessable). */
const CODE_LIMIT: [number, number] = [10, 15 * 60_000];
/** Wrong codes per pending login: after these the password (or Google) has to be given again. */
const CHALLENGE_LIMIT: [number, number] = [5, 5 * 60_000];

/** Two-factor sign-in (setup, second login step, switching off) and the sessions screen (ADR 57, 58). */
export async function twoFactorRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, limiter, config } = app.ctx;
  const db = database.db;
  const twoFactor = new TwoFactor(config.COOKIE_SECRET);
  const reauthenticate = reauthenticator(app);
  const wrongCode = () => new HttpError(403, TWO_FACTOR_MSG.codeInvalid, { code: TWO_FACTOR_MSG.codeInvalid });

  app.post('/auth/login/second-step', { schema: { body: secondStepBody, response: { 200: secondStepLoginResponse } } }, async (request, reply) => {
    const { loginToken, code } = request.body;
    await enforceLimit(limiter, `login2fa:ip:${request.ip}`, config.limits.loginFailures);
    // Counted before checking, so parallel guesses cannot slip past the limit.
    await enforceLimit(limiter, `login2fa:challenge:${hashToken(loginToken)}`, CHALLENGE_LIMIT);
    const userId = await peekToken(db, loginToken, 'login-2fa');
    if (!userId) throw new BadRequestError(TWO_FACTOR_MSG.loginExpired);
    await enforceLimit(limiter, `login2fa:user:${userId}`, CODE_LIMIT);
    const used = await twoFactor.useCode(db, userId, code);
    const user = await findUserById(db, userId);
    if (!used || !user) {
      request.log.warn({ login: { userId, ip: request.ip, outcome: 'bad-second-factor' } }, 'login attempt');
      throw new UnauthorizedError(TWO_FACTOR_MSG.codeInvalid);
    }
    // Single use: a second request with the same token (even a right code) finds it used.
    if ((await consumeToken(db, loginToken, 'login-2fa')) !== userId) throw new BadRequestError(TWO_FACTOR_MSG.loginExpired);
    await startSession(app, request, reply, user.id);
    request.log.info(
      { login: { email: maskEmail(user.email), userId: user.id, outcome: 'success', secondFactor: used.kind } },
      'login attempt',
    );
    return { msg: MSG.loggedIn, ...toSessionUser(user) };
  });

  app.get('/auth/totp', { preHandler: app.requireUser, schema: { response: { 200: totpStatusResponse } } }, async (request) => ({
    ...(await twoFactor.status(db, request.user!.id)),
    hasPassword: Boolean(request.user!.passwordHash),
  }));

  // A stolen session must not switch two-factor sign-in on (it would lock the owner out): the
  // password, or for a Google-only account a fresh Google sign-in, comes first.
  app.post('/auth/totp/setup', { preHandler: app.requireUser, schema: { body: totpSetupBody.nullish(), response: { 200: totpSetupResponse } } }, async (request) => {
    await enforceLimit(limiter, `totp-setup:user:${request.user!.id}`, CODE_LIMIT);
    if (await twoFactor.isEnabled(db, request.user!.id)) throw new ConflictError(TWO_FACTOR_MSG.alreadyEnabled);
    await reauthenticate(request.user!.id, request.body ?? {}, SETUP_TEXTS);
    const setup = await twoFactor.beginSetup(db, request.user!.id, request.user!.email);
    if (!setup) throw new ConflictError(TWO_FACTOR_MSG.alreadyEnabled);
    return setup;
  });

  app.post(
    '/auth/totp/enable',
    { preHandler: app.requireUser, schema: { body: codeBody, response: { 200: totpEnableResponse } } },
    async (request) => {
      const me = request.user!.id;
      await enforceLimit(limiter, `totp-code:user:${me}`, CODE_LIMIT);
      const status = await twoFactor.status(db, me);
      if (status.enabled) throw new ConflictError(TWO_FACTOR_MSG.alreadyEnabled);
      const codes = await db.transaction((tx) => twoFactor.enable(tx, me, request.body.code));
      if (!codes) throw wrongCode();
      request.log.info({ userId: me }, 'two-factor sign-in enabled');
      return { msg: TWO_FACTOR_MSG.enabled, recoveryCodes: codes };
    },
  );

  app.post(
    '/auth/totp/disable',
    { preHandler: app.requireUser, schema: { body: codeBody, response: { 200: msgResponse } } },
    async (request) => {
      const me = request.user!.id;
      await enforceLimit(limiter, `totp-code:user:${me}`, CODE_LIMIT);
      if (!(await twoFactor.isEnabled(db, me))) throw new BadRequestError(TWO_FACTOR_MSG.notEnabled);
      const ok = await db.transaction(async (tx) => {
        if (!(await twoFactor.useCode(tx, me, request.body.code))) return false;
        await twoFactor.disable(tx, me);
        return true;
      });
      if (!ok) throw wrongCode();
      request.log.info({ userId: me }, 'two-factor sign-in disabled');
      return { msg: TWO_FACTOR_MSG.disabled };
    },
  );

  app.get('/auth/sessions', { preHandler: app.requireUser, schema: { response: { 200: sessionsResponse } } }, async (request) => {
    const currentHash = hashToken(request.sessionToken!);
    const rows = await userSessions(app, request.user!.id);
    // This device first, then the others by last use.
    rows.sort((a, b) => Number(b.idHash === currentHash) - Number(a.idHash === currentHash));
    return {
      sessions: rows.map((s) => ({
        id: publicSessionId(s.idHash),
        ...describeUserAgent(s.userAgent),
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.idHash === currentHash,
      })),
    };
  });

  app.delete(
    '/auth/sessions/:id',
    { preHandler: app.requireUser, schema: { params: sessionIdParams, response: { 200: msgResponse } } },
    async (request, reply) => {
      const ended = await endUserSessions(app, request.user!.id, { only: request.params.id });
      if (!ended.length) throw new NotFoundError(TWO_FACTOR_MSG.sessionNotFound);
      // Ending this very session from the list is a logout.
      if (ended.includes(hashToken(request.sessionToken!))) await endSession(app, request, reply);
      return { msg: TWO_FACTOR_MSG.sessionEnded };
    },
  );

  app.post('/auth/sessions/logout-others', { preHandler: app.requireUser, schema: { response: { 200: msgResponse } } }, async (request) => {
    const ended = await endUserSessions(app, request.user!.id, { exceptToken: request.sessionToken! });
    request.log.info({ userId: request.user!.id, ended: ended.length }, 'other sessions ended');
    return { msg: TWO_FACTOR_MSG.othersEnded };
  });
}
