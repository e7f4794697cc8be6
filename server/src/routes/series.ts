import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_MSG } from '@contract/events';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { findEvent } from '../repositories/events';
import { listRegulars } from '../repositories/series';
import { markRegular, unmarkRegular } from '../services/series-changes';
import { idParams } from './events';

const regularParams = idParams.extend({ userId: z.uuid({ error: EVENT_MSG.noParticipant }) });
const msg = z.object({ msg: z.string() });

/** The regulars of a game's weekly series (docs/adr/0092): the organiser marks them; a regular may leave. */
export async function seriesRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  app.addHook('preHandler', app.requireUser);

  async function gameOf(id: string, me: string, ownerOnly: boolean) {
    const event = await findEvent(db, id);
    if (!event || (event.status === 'cancelled' && event.ownerId !== me)) throw new NotFoundError(EVENT_MSG.notFound);
    if (ownerOnly && event.ownerId !== me) throw new ForbiddenError(EVENT_MSG.notOwner);
    return event;
  }

  app.get(
    '/football-events/:id/regulars',
    { schema: { params: idParams, response: { 200: z.object({ regulars: z.array(z.string()) }) } } },
    async (request) => {
      const event = await gameOf(request.params.id, request.user!.id, true);
      return { regulars: event.seriesId ? await listRegulars(db, event.seriesId) : [] };
    },
  );

  app.put('/football-events/:id/regulars/:userId', { schema: { params: regularParams, response: { 200: msg } } }, async (request) => {
    const event = await gameOf(request.params.id, request.user!.id, true);
    await markRegular(app, event, request.params.userId);
    return { msg: EVENT_MSG.regularSaved };
  });

  app.delete('/football-events/:id/regulars/:userId', { schema: { params: regularParams, response: { 200: msg } } }, async (request) => {
    const me = request.user!.id;
    // The organiser unmarks anyone; a player only themself (leaving the series).
    const event = await gameOf(request.params.id, me, request.params.userId !== me);
    await unmarkRegular(app, event, request.params.userId);
    return { msg: request.params.userId === me ? EVENT_MSG.seriesLeft : EVENT_MSG.regularRemoved };
  });
}
