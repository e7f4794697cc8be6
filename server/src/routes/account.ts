import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUser, userStats } from '@contract/auth';
import { consentPreferences, consentResponse } from '@contract/consent';
import { MSG } from '@contract/messages';
import { getStats, toSessionUser } from '../repositories/users';

const CONSENT_COOKIE = 'cookie_consent';
const YEAR_S = 365 * 24 * 3600;

/** The signed-in person's own data, and the consent cookie. */
export async function accountRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, sealer, config } = app.ctx;

  // A visitor without a session gets `user: null` rather than a 401, so every first visit does not
  // log a failed request in the browser's console.
  app.get(
    '/users/current-user',
    { schema: { response: { 200: z.object({ user: sessionUser.nullable() }) } } },
    async (request) => ({ user: request.user ? toSessionUser(request.user) : null }),
  );

  app.get(
    '/user-stats/current',
    { preHandler: app.requireUser, schema: { response: { 200: z.object({ stats: userStats }) } } },
    async (request) => ({ stats: await getStats(database.db, request.user!.id) }),
  );

  app.get('/cookies/decrypt', { schema: { response: { 200: consentResponse } } }, async (request) => {
    const stored = consentPreferences.safeParse(sealer.open(request.cookies[CONSENT_COOKIE]));
    return { cookiesAccepted: stored.success ? stored.data : null };
  });

  app.post(
    '/cookies/set-cookies',
    { schema: { body: consentPreferences, response: { 200: z.object({ msg: z.string() }) } } },
    async (request, reply) => {
      reply.setCookie(CONSENT_COOKIE, sealer.seal({ ...request.body, necessary: true }), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        maxAge: YEAR_S,
      });
      return { msg: MSG.consentSaved };
    },
  );

}
