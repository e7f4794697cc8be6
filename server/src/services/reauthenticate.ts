import type { FastifyInstance } from 'fastify';
import { BadRequestError, HttpError, NotFoundError } from '../lib/errors';
import { createGoogleVerifier, type GoogleVerifier } from '../lib/google-auth';
import { enforceLimit } from '../lib/limits';
import { verifyPassword } from '../lib/passwords';
import { findUserById } from '../repositories/users';
import { USER_MSG } from '@contract/users';

/** Wrong passwords per person per window, across every guarded action (a stolen session must not brute-force). */
const REAUTH_LIMIT: [number, number] = [5, 15 * 60_000];
/** A Google sign-in counts as fresh re-authentication for this long (ADR 55). */
export const REAUTH_GOOGLE_MAX_AGE_S = 5 * 60;

/** One Google verifier per running app (its context), shared by every route plugin that guards an action. */
const verifiers = new WeakMap<object, GoogleVerifier | null>();

/** What the person is told, in the words of the action being guarded. */
export interface ReauthTexts {
  passwordRequired: string;
  wrongPassword: string;
  googleRequired: string;
  googleStale: string;
}

export interface ReauthProof {
  password?: string;
  idToken?: string;
}

export type Reauthenticate = (userId: string, proof: ReauthProof, texts: ReauthTexts) => Promise<void>;

/**
 * Proves the person at the keyboard is the account's owner before an action a stolen session must
 * not take (deleting the account, ADR 55; switching two-factor sign-in on, ADR 57): its password,
 * or, for an account that has none (Google only), an ID token from a Google sign-in of the last few
 * minutes for the same uid. A refused proof is a 403, never a 401 (the client reads 401 as "the
 * session ended"). One Google verifier per app, closed with it.
 */
export function reauthenticator(app: FastifyInstance): Reauthenticate {
  const { database, limiter, config } = app.ctx;
  if (!verifiers.has(app.ctx)) {
    const created = createGoogleVerifier(config);
    verifiers.set(app.ctx, created);
    if (created) app.addHook('onClose', () => created.close());
  }
  const google = verifiers.get(app.ctx) ?? null;

  return async (userId, proof, texts) => {
    const user = await findUserById(database.db, userId);
    if (!user) throw new NotFoundError(USER_MSG.userNotFound);
    if (user.passwordHash) {
      if (!proof.password) throw new BadRequestError(texts.passwordRequired, { password: texts.passwordRequired });
      await enforceLimit(limiter, `reauth:user:${userId}`, REAUTH_LIMIT);
      if (!(await verifyPassword(user.passwordHash, proof.password))) {
        throw new HttpError(403, texts.wrongPassword, { password: texts.wrongPassword });
      }
      return;
    }
    if (!proof.idToken || !google || !user.googleUid) throw new BadRequestError(texts.googleRequired);
    await enforceLimit(limiter, `reauth:user:${userId}`, REAUTH_LIMIT);
    const identity = await google.verify(proof.idToken).catch(() => {
      throw new HttpError(403, texts.googleRequired);
    });
    if (identity.uid !== user.googleUid) throw new HttpError(403, texts.googleRequired);
    if (!(Date.now() / 1000 - identity.authTime <= REAUTH_GOOGLE_MAX_AGE_S)) throw new HttpError(403, texts.googleStale);
  };
}
