import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_MSG, calendarFeedCreated, calendarFeedStatus } from '@contract/calendar';
import { API_PREFIX } from '@contract/constants';
import { EVENT_MSG } from '@contract/events';
import { buildCalendar, icsFileName } from '../calendar/ics';
import { NotFoundError } from '../lib/errors';
import { hashToken, randomToken } from '../lib/tokens';
import { deleteFeed, feedGames, feedOwner, findFeed, replaceFeedToken } from '../repositories/calendar-feeds';
import { findEvent } from '../repositories/events';

const idParams = z.object({ id: z.uuid({ error: EVENT_MSG.notFound }) });
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, CALENDAR_MSG.noFeed) });
/** A feed shows the games of the last 30 days and everything ahead. */
const FEED_PAST_MS = 30 * 24 * 3600_000;
const ICS_TYPE = 'text/calendar; charset=utf-8';

/** A game's .ics download and the person's private calendar feed (ADR 89). */
export async function calendarRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, database } = app.ctx;
  const db = database.db;
  const feedUrl = (token: string) => `${config.PUBLIC_URL}${API_PREFIX}/calendar/feed/${token}`;

  app.get('/football-events/:id/calendar.ics', { preHandler: app.requireUser, schema: { params: idParams } }, async (request, reply) => {
    const event = await findEvent(db, request.params.id);
    // Whoever may open the game may take it into a calendar (GET /football-events/:id's rule).
    if (!event || (event.status === 'cancelled' && event.ownerId !== request.user!.id)) throw new NotFoundError(EVENT_MSG.notFound);
    reply
      .type(ICS_TYPE)
      .header('Content-Disposition', `attachment; filename="${icsFileName(event.eventName)}"`);
    return buildCalendar([event], { publicUrl: config.PUBLIC_URL, name: event.eventName });
  });

  app.get('/calendar/feed', { preHandler: app.requireUser, schema: { response: { 200: calendarFeedStatus } } }, async (request) => {
    const feed = await findFeed(db, request.user!.id);
    return { active: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null };
  });

  // Makes a new secret link (the only moment it is shown); the previous one stops working.
  app.post('/calendar/feed', { preHandler: app.requireUser, schema: { response: { 200: calendarFeedCreated } } }, async (request) => {
    const token = randomToken();
    const had = await findFeed(db, request.user!.id);
    const createdAt = await replaceFeedToken(db, request.user!.id, hashToken(token));
    return { url: feedUrl(token), createdAt: createdAt.toISOString(), msg: had ? CALENDAR_MSG.regenerated : CALENDAR_MSG.created };
  });

  app.delete('/calendar/feed', { preHandler: app.requireUser, schema: { response: { 200: z.object({ msg: z.string() }) } } }, async (request) => {
    if (!(await deleteFeed(db, request.user!.id))) throw new NotFoundError(CALENDAR_MSG.noFeed);
    return { msg: CALENDAR_MSG.revoked };
  });

  // Calendar apps fetch this without a session: the token in the path is the key (stored hashed).
  app.get('/calendar/feed/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const userId = await feedOwner(db, hashToken(request.params.token));
    if (!userId) throw new NotFoundError(CALENDAR_MSG.noFeed);
    const games = await feedGames(db, userId, new Date(Date.now() - FEED_PAST_MS));
    reply.type(ICS_TYPE).header('Content-Disposition', 'inline; filename="graj-razem.ics"');
    return buildCalendar(games, { publicUrl: config.PUBLIC_URL, name: CALENDAR_MSG.feedName });
  });
}
