import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PUSH_MSG, pushEndpointBody, pushPublicKeyResponse, pushStatusResponse, pushSubscribeBody,
} from '@contract/push';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { countSubscriptions, deleteSubscription, hasSubscription, saveSubscription } from '../repositories/push-subscriptions';

const ok = z.object({ msg: z.string() });

/** Web Push subscriptions of the signed-in person's devices (ADR 88). */
export async function pushRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, database, push } = app.ctx;
  const db = database.db;

  // The VAPID public key is public by design: the browser needs it before it subscribes.
  app.get('/push/public-key', { schema: { response: { 200: pushPublicKeyResponse } } }, async () => ({ publicKey: config.vapid.publicKey }));

  await app.register(async (signedIn) => {
    const api = signedIn.withTypeProvider<ZodTypeProvider>();
    api.addHook('preHandler', app.requireUser);

    /** Push services are reached over https; a plain-http endpoint only exists on a test machine. */
    const checkEndpoint = (endpoint: string) => {
      if (config.NODE_ENV === 'production' && !endpoint.startsWith('https:')) throw new BadRequestError(PUSH_MSG.httpsOnly);
    };

    api.post('/push/subscribe', { schema: { body: pushSubscribeBody, response: { 200: ok } } }, async (request) => {
      const { endpoint, keys } = request.body;
      checkEndpoint(endpoint);
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
      // Tied to this session: it ends, and this browser stops receiving the person's notifications.
      await saveSubscription(db, request.user!.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, userAgent, hashToken(request.sessionToken!));
      return { msg: PUSH_MSG.subscribed };
    });

    api.post('/push/unsubscribe', { schema: { body: pushEndpointBody, response: { 200: ok } } }, async (request) => {
      if (!(await deleteSubscription(db, request.user!.id, request.body.endpoint))) throw new NotFoundError(PUSH_MSG.notFound);
      return { msg: PUSH_MSG.unsubscribed };
    });

    // A POST so the endpoint (the device's address) never appears in a URL or a log line.
    api.post(
      '/push/status',
      { config: { readOnly: true }, schema: { body: pushEndpointBody, response: { 200: pushStatusResponse } } },
      async (request) => ({
        subscribed: await hasSubscription(db, request.user!.id, request.body.endpoint),
        devices: await countSubscriptions(db, request.user!.id),
      }),
    );

    api.post('/push/test', { schema: { response: { 200: ok } } }, async (request) => {
      const me = request.user!.id;
      if (!(await push.isSubscribed(me))) throw new NotFoundError(PUSH_MSG.notFound);
      await push.send(me, { title: PUSH_MSG.testTitle, body: PUSH_MSG.testBody, url: '/dashboard/settings-event', tag: 'push-test' });
      return { msg: PUSH_MSG.testSent };
    });
  });
}
