import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponse, msgResponse } from '@contract/auth';
import { MSG } from '@contract/messages';
import { TWO_FACTOR_MSG, secondStepResponse } from '@contract/two-factor';
import { OAUTH_MSG, completeOauthBody, loginOauthBody, providersResponse } from '@contract/users';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors';
import { createGoogleVerifier, googleConfig, type GoogleIdentity } from '../lib/google-auth';
import { enforceLimit } from '../lib/limits';
import { startSession } from '../plugins/auth';
import { dropUnverifiedSignUp, linkGoogleAccount } from '../repositories/profiles';
import { issueToken } from '../repositories/tokens';
import { TwoFactor } from '../services/two-factor';
import { createUser, findUserByEmail, isNickTaken, isUniqueViolation, toSessionUser } from '../repositories/users';

const OAUTH_LIMIT: [number, number] = [30, 60_000];

export const loginOauthResponse = z.union([
  loginResponse.extend({ registered: z.literal(true) }),
  z.object({ registered: z.literal(false), email: z.string() }),
  secondStepResponse.extend({ registered: z.literal(true) }),
]);

/** Google sign-in through Firebase Authentication (ARCHITECTURE.md, "Identity provider"). */
export async function oauthRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, limiter, config } = app.ctx;
  const db = database.db;
  const twoFactor = new TwoFactor(config.COOKIE_SECRET);
  const verifier = createGoogleVerifier(config);
  if (verifier) app.addHook('onClose', () => verifier.close());

  /** The verified Google identity behind a token, which must be the e-mail the client sent. */
  async function identify(ip: string, idToken: string, email: string): Promise<GoogleIdentity> {
    await enforceLimit(limiter, `oauth:ip:${ip}`, OAUTH_LIMIT);
    if (!verifier) throw new NotFoundError(OAUTH_MSG.notConfigured);
    const identity = await verifier.verify(idToken);
    if (identity.email !== email) throw new UnauthorizedError(OAUTH_MSG.emailMismatch);
    return identity;
  }

  app.get('/auth/providers', { schema: { response: { 200: providersResponse } } }, async () => ({ google: googleConfig(config) }));

  app.post('/auth/login-oauth', { schema: { body: loginOauthBody, response: { 200: loginOauthResponse } } }, async (request, reply) => {
    const identity = await identify(request.ip, request.body.googleIdToken, request.body.email);
    // Known by Google id, or a verified account with the same (Google-verified) address, which gets
    // linked; an unverified one with that address is dropped and the person registers anew (ADR 0032).
    const user = await db.transaction((tx) => linkGoogleAccount(tx, identity.uid, identity.email));
    if (!user) return { registered: false as const, email: identity.email };
    if (await twoFactor.isEnabled(db, user.id)) {
      const loginToken = await issueToken(db, user.id, 'login-2fa');
      return { registered: true as const, secondStep: true as const, loginToken, msg: TWO_FACTOR_MSG.secondStepRequired };
    }
    await startSession(app, request, reply, user.id);
    request.log.info({ login: { userId: user.id, outcome: 'success', provider: 'google' } }, 'login attempt');
    return { registered: true as const, msg: MSG.loggedIn, ...toSessionUser(user) };
  });

  app.post('/auth/complete-oauth', { schema: { body: completeOauthBody, response: { 201: msgResponse } } }, async (request, reply) => {
    const b = request.body;
    const identity = await identify(request.ip, b.googleIdToken, b.email);
    if (await linkGoogleAccount(db, identity.uid, null)) throw new ConflictError(OAUTH_MSG.googleTaken);
    // An unverified sign-up of this address (made again since login-oauth, perhaps) gives way too.
    await dropUnverifiedSignUp(db, identity.email);
    if (await findUserByEmail(db, identity.email)) throw new ConflictError(MSG.emailTaken, { email: MSG.emailTaken });
    if (await isNickTaken(db, b.nick)) throw new ConflictError(MSG.nickTaken, { nick: MSG.nickTaken });
    try {
      const user = await db.transaction((tx) =>
        createUser(tx, {
          email: identity.email, nickName: b.nick, name: b.name, surname: b.surname, phoneNumber: null,
          birthDate: b.birthDate, passwordHash: null, isActive: true, googleUid: identity.uid,
        }),
      );
      request.log.info({ userId: user.id, provider: 'google' }, 'user registered');
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(`${MSG.emailTaken}, ${MSG.nickTaken}`);
      throw err;
    }
    return reply.status(201).send({ msg: OAUTH_MSG.completed });
  });
}
