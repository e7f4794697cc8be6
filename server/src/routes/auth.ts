import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordBody, loginBody, loginResponse, msgResponse, registerBody, resetPasswordBody, tokenParams,
} from '@contract/auth';
import { loginBackoffMsg, MSG } from '@contract/messages';
import { TWO_FACTOR_MSG, secondStepResponse } from '@contract/two-factor';
import { singleLineText } from '@contract/text';
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from '../lib/errors';
import { clearLoginBackoff, enforceLimit, passLoginBackoff, releaseLimit } from '../lib/limits';
import { maskEmail } from '../lib/log';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { endSession, startSession } from '../plugins/auth';
import { cutSessionSockets } from '../realtime/session-end';
import { deleteUserSessions } from '../repositories/sessions';
import { consumeToken, issueToken } from '../repositories/tokens';
import { TwoFactor } from '../services/two-factor';
import {
  activateUser, createUser, findUserByEmail, findUserById, isNickTaken, isUniqueViolation, setPassword, toSessionUser, type UserRow,
} from '../repositories/users';

export async function authRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, limiter, mailer, config, background } = app.ctx;
  const db = database.db;
  const twoFactor = new TwoFactor(config.COOKIE_SECRET);

  const resendKey = (user: UserRow) => `verify-resend:${user.id}`;
  const RESEND_WINDOW_MS = 5 * 60_000;

  async function sendVerification(user: UserRow) {
    await limiter.hit(resendKey(user), RESEND_WINDOW_MS);
    const token = await issueToken(db, user.id, 'verify');
    const link = `${config.PUBLIC_URL}/api/v1/auth/verify-email/${token}`;
    await mailer.send(verifyEmailMail(user.email, user.nickName, link));
  }

  app.post('/auth/register', { schema: { body: registerBody, response: { 201: msgResponse } } }, async (request, reply) => {
    await enforceLimit(limiter, `register:ip:${request.ip}`, config.limits.register);
    const body = request.body;
    const errors: Record<string, string> = {};
    if (await findUserByEmail(db, body.email)) errors.email = MSG.emailTaken;
    if (await isNickTaken(db, body.nickName)) errors.nickName = MSG.nickTaken;
    if (Object.keys(errors).length) throw new ConflictError(Object.values(errors).join(', '), errors);
    const passwordHash = await hashPassword(body.password);
    let user: UserRow;
    try {
      user = await db.transaction((tx) =>
        createUser(tx, {
          email: body.email,
          nickName: body.nickName,
          name: body.name,
          surname: body.surname,
          phoneNumber: body.phoneNumber,
          birthDate: body.age,
          passwordHash,
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`${MSG.emailTaken}, ${MSG.nickTaken}`);
      throw err;
    }
    request.log.info({ userId: user.id }, 'user registered');
    await sendVerification(user);
    return reply.status(201).send({ msg: MSG.registered });
  });

  app.get(
    '/auth/verify-email/:token',
    { schema: { params: z.object({ token: singleLineText((s) => s.max(200)) }) } },
    async (request, reply) => {
      const valid = tokenParams.safeParse(request.params).success;
      const userId = valid ? await consumeToken(db, request.params.token, 'verify') : null;
      if (userId) await activateUser(db, userId);
      return reply.redirect(userId ? '/login?status=success' : '/login?status=invalid', 302);
    },
  );

  app.post('/auth/login', { schema: { body: loginBody, response: { 200: z.union([loginResponse, secondStepResponse]) } } }, async (request, reply) => {
    const { email, password } = request.body;
    const ipKey = `login:ip:${request.ip}`;
    const attempt = { email: maskEmail(email), ip: request.ip };
    // Counted first, checked after (ADR 0051): parallel attempts cannot slip in between a check and
    // the count. A right password gives its count back, so the address limit counts failures only.
    try {
      await enforceLimit(limiter, ipKey, config.limits.loginFailures);
      await passLoginBackoff(limiter, email, loginBackoffMsg).catch(async (err) => {
        await releaseLimit(limiter, ipKey);
        throw err;
      });
    } catch (err) {
      request.log.warn({ login: { ...attempt, outcome: 'rate-limited' } }, 'login attempt');
      throw err;
    }
    const user = await findUserByEmail(db, email);
    if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
      request.log.warn({ login: { ...attempt, outcome: 'bad-credentials' } }, 'login attempt');
      throw new UnauthorizedError(MSG.badCredentials);
    }
    await Promise.all([releaseLimit(limiter, ipKey), clearLoginBackoff(limiter, email)]);
    if (!user.isActive) {
      request.log.info({ login: { ...attempt, outcome: 'unverified' } }, 'login attempt');
      // A fresh link helps those whose first one expired; at most one every five minutes.
      if ((await limiter.count(resendKey(user))).count === 0) await sendVerification(user);
      throw new ForbiddenError(MSG.verifyEmailFirst);
    }
    if (await twoFactor.isEnabled(db, user.id)) {
      // No session yet: a short-lived, single-use token for the code step (ADR 57).
      request.log.info({ login: { ...attempt, outcome: 'second-step', userId: user.id } }, 'login attempt');
      const loginToken = await issueToken(db, user.id, 'login-2fa');
      return { secondStep: true as const, loginToken, msg: TWO_FACTOR_MSG.secondStepRequired };
    }
    await startSession(app, request, reply, user.id);
    request.log.info({ login: { ...attempt, outcome: 'success', userId: user.id } }, 'login attempt');
    return { msg: MSG.loggedIn, ...toSessionUser(user) };
  });

  // Logout is a POST; the spec's GET stays as an alias that is CSRF-checked exactly like it.
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await endSession(app, request, reply);
    return { msg: MSG.loggedOut };
  };
  app.post('/auth/logout', { schema: { response: { 200: msgResponse } } }, logout);
  app.get('/auth/logout', { config: { csrf: true }, schema: { response: { 200: msgResponse } } }, logout);

  app.post('/auth/forgot-password', { schema: { body: forgotPasswordBody, response: { 200: msgResponse } } }, async (request) => {
    const { email } = request.body;
    await enforceLimit(limiter, `forgot:ip:${request.ip}`, config.limits.forgotPassword);
    await enforceLimit(limiter, `forgot:email:${email}`, config.limits.forgotPassword);
    // The same answer, along the same path, whether or not the address has an account: the
    // lookup and the mail run after the answer, so its timing says nothing about the address.
    background.run('forgot-password mail', async () => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const token = await issueToken(db, user.id, 'reset');
      await mailer.send(resetPasswordMail(user.email, user.nickName, `${config.PUBLIC_URL}/reset-password/${token}`));
    });
    return { msg: MSG.forgotSent };
  });

  app.post(
    '/auth/reset-password/:token',
    { schema: { params: z.object({ token: singleLineText((s) => s.max(200)) }), body: resetPasswordBody, response: { 200: msgResponse } } },
    async (request) => {
      if (!tokenParams.safeParse(request.params).success) throw new BadRequestError(MSG.resetInvalid);
      const passwordHash = await hashPassword(request.body.password);
      const changed = await db.transaction(async (tx) => {
        const userId = await consumeToken(tx, request.params.token, 'reset');
        if (!userId) return null;
        await setPassword(tx, userId, passwordHash);
        return { userId, ended: await deleteUserSessions(tx, userId) };
      });
      if (!changed) throw new BadRequestError(MSG.resetInvalid);
      cutSessionSockets(app, changed.ended);
      // The owner proved the mailbox: whatever a guesser did to the account's login back-off is cleared.
      const owner = await findUserById(db, changed.userId);
      if (owner) await clearLoginBackoff(limiter, owner.email);
      return { msg: MSG.resetDone };
    },
  );
}
