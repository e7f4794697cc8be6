import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVENT_MSG, MAP_CLUSTER_MAX_ZOOM, MAP_EVENTS_LIMIT, MAP_MARKERS_UP_TO, eventDto, eventInput, eventTimes, isFinishedStatus, mapAnswer, mapCellZoom,
  searchInput,
} from '@contract/events';
import { SharedJson } from '../lib/shared-json';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import { sendChatNotices } from '../realtime/chat-notify';
import { sendStatusUpdates } from '../realtime/notify';
import { sendEventChanged } from '../realtime/event-changed';
import {
  eventColumns, findEvent, insertEvent, listInBounds, listMapClusters, searchByRadius, toEventDto, updateEvent,
} from '../repositories/events';
import { findParticipation, listForEvent } from '../repositories/participations';
import { cancelEventAndRoom } from '../services/chat-rooms';
import { resolveEventPlace, resolveSearchCenter } from '../services/event-place';
import { notifyNearby } from '../services/nearby-games';
import { dispatchLater } from '../services/notification-dispatch';
import { changedDraft } from '../services/notification-texts';
import { settleWaitlist } from '../services/waitlist';

export const idParams = z.object({ id: z.uuid({ error: EVENT_MSG.notFound }) });
// A little slack for the form's default start ("now") and slow typing.
const PAST_GRACE_MS = 15 * 60_000;

const bounds = z
  .object({
    minLat: z.coerce.number().min(-90).max(90),
    maxLat: z.coerce.number().min(-90).max(90),
    minLon: z.coerce.number().min(-180).max(180),
    maxLon: z.coerce.number().min(-180).max(180),
    /** The map's zoom: at 10 and below the answer may be clusters (ADR 81). */
    zoom: z.coerce.number().min(0).max(24),
  })
  .partial();

function timesOf(v: { startDate: string; startHour: string; duration: number }) {
  const t = eventTimes(v.startDate, v.startHour, v.duration);
  if (Number.isNaN(Date.parse(t.startDateTime))) throw new BadRequestError(EVENT_MSG.date, { startDate: EVENT_MSG.date });
  return { startAt: new Date(t.startDateTime), endAt: new Date(t.endDateTime) };
}

export async function eventRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  // Search and map answers hold nothing personal: everyone asking the same shares one, stringified
  // once, for a moment. Being shared, they skip the per-request serializer: development and tests
  // check them against the contract here instead.
  const shared = app.ctx.searchCache;
  const checked = <T>(schema: z.ZodType<T>, value: T) => new SharedJson(app.ctx.config.NODE_ENV === 'production' ? value : schema.parse(value));
  const searchAnswer = z.object({ events: z.array(eventDto), total: z.number().int(), totalIsLowerBound: z.boolean() });
  app.addHook('preHandler', app.requireUser);

  app.get('/football-events', { schema: { querystring: bounds } }, async (request, reply) => {
    const q = request.query;
    // Without a viewport: all of Poland.
    const view = { minLat: q.minLat ?? 48.9, maxLat: q.maxLat ?? 55, minLon: q.minLon ?? 14, maxLon: q.maxLon ?? 24.2, limit: MAP_EVENTS_LIMIT };
    const pool = app.ctx.database.pool;
    // Zoomed out: bubbles with counts per grid cell, unless the view holds only a few games (ADR 81).
    const cellZoom = q.zoom !== undefined && q.zoom <= MAP_CLUSTER_MAX_ZOOM ? mapCellZoom(q.zoom) : null;
    const key = ['map', view.minLat, view.maxLat, view.minLon, view.maxLon, cellZoom ?? ''].join('|');
    const answer = await shared.get(key, async () => {
      if (cellZoom !== null) {
        const clusters = await listMapClusters(pool, { ...view, zoom: cellZoom });
        if (clusters.reduce((n, c) => n + c.count, 0) > MAP_MARKERS_UP_TO) return checked(mapAnswer, { events: [], clusters });
      }
      return checked(mapAnswer, { events: await listInBounds(pool, view), clusters: [] });
    });
    return answer.send(request, reply);
  });

  app.post('/football-events/search', { config: { readOnly: true }, schema: { body: searchInput } }, async (request, reply) => {
    const q = request.body;
    const center = resolveSearchCenter(q);
    const query = { ...center, radiusKm: q.distance, gameType: q.gameType, limit: q.limit, offset: (q.page - 1) * q.limit };
    const key = ['search', query.latitude, query.longitude, query.radiusKm, query.gameType ?? '', query.limit, query.offset].join('|');
    const answer = await shared.get(key, async () => {
      // `total` is exact up to a bound; past it, it is the bound and `totalIsLowerBound` says so (ADR 80).
      const { events, total, totalIsLowerBound } = await searchByRadius(app.ctx.database.pool, query);
      return checked(searchAnswer, { events: events.map((e) => toEventDto(e, { distance: e.distance })), total, totalIsLowerBound });
    });
    return answer.send(request, reply);
  });

  app.get('/football-events/:id', { schema: { params: idParams, response: { 200: z.object({ event: eventDto }) } } }, async (request) => {
    const event = await findEvent(db, request.params.id);
    const isOwner = event?.ownerId === request.user!.id;
    // A cancelled game is gone for everyone but its organiser.
    if (!event || (event.status === 'cancelled' && !isOwner)) throw new NotFoundError(EVENT_MSG.notFound);
    const mine = await findParticipation(db, event.id, request.user!.id);
    return { event: toEventDto(event, { isParticipating: mine?.status === 'accepted' }) };
  });

  app.post(
    '/football-events',
    { schema: { body: eventInput, response: { 201: z.object({ msg: z.string(), event: eventDto }) } } },
    async (request, reply) => {
      const v = request.body;
      const times = timesOf(v);
      if (times.startAt.getTime() < Date.now() - PAST_GRACE_MS) throw new BadRequestError(EVENT_MSG.inPast, { startDate: EVENT_MSG.inPast });
      const place = resolveEventPlace(v);
      const id = await insertEvent(db, request.user!.id, eventColumns(v, place, times));
      const event = await findEvent(db, id);
      await sendEventChanged(app, event!, 'created');
      // People around a new public game hear of it after the answer (docs/adr/0086).
      app.ctx.background.run('nearby notifications', async () => void (await notifyNearby(app, event!)));
      return reply.status(201).send({ msg: EVENT_MSG.created, event: toEventDto(event!) });
    },
  );

  app.patch(
    '/football-events/:id',
    { schema: { params: idParams, body: eventInput, response: { 200: z.object({ msg: z.string(), event: eventDto }) } } },
    async (request) => {
      const v = request.body;
      const existing = await findEvent(db, request.params.id);
      if (!existing || existing.status === 'cancelled') throw new NotFoundError(EVENT_MSG.notFound);
      if (existing.ownerId !== request.user!.id) throw new ForbiddenError(EVENT_MSG.notOwner);
      if (isFinishedStatus(existing.status)) throw new ConflictError(EVENT_MSG.finished);
      const times = timesOf(v);
      const moved = times.startAt.getTime() !== existing.startAt.getTime();
      if (moved && times.startAt.getTime() < Date.now() - PAST_GRACE_MS) {
        throw new BadRequestError(EVENT_MSG.inPast, { startDate: EVENT_MSG.inPast });
      }
      const place = resolveEventPlace(v);
      // More places, or the 'automatycznie' mode, may let people in from the waitlist (docs/adr/0090).
      const settled = await db.transaction(async (tx) => {
        await findEvent(tx, existing.id, { forUpdate: true });
        await updateEvent(tx, existing.id, eventColumns(v, place, times));
        return settleWaitlist(tx, existing.id);
      });
      const event = await findEvent(db, existing.id);
      sendStatusUpdates(app, settled.notices);
      sendChatNotices(app, settled.chat);
      await sendEventChanged(app, existing, 'updated');
      // Everyone in the game (accepted or waiting) hears of the change; a new start moves the reminders by itself.
      dispatchLater(app, 'event changed notifications', async () =>
        (await listForEvent(db, existing.id))
          .filter((p) => p.record.status === 'accepted' || p.record.status === 'interested' || p.record.status === 'waitlisted')
          .map((p) => changedDraft(p.record.userId, event!, moved, new Date())),
      );
      return { msg: EVENT_MSG.updated, event: toEventDto(event!) };
    },
  );

  app.delete('/football-events/:id', { schema: { params: idParams, response: { 200: z.object({ msg: z.string() }) } } }, async (request) => {
    const existing = await findEvent(db, request.params.id);
    if (!existing || existing.status === 'cancelled') throw new NotFoundError(EVENT_MSG.notFound);
    if (existing.ownerId !== request.user!.id) throw new ForbiddenError(EVENT_MSG.notOwner);
    if (existing.status === 'completed') throw new ConflictError(EVENT_MSG.finished);
    const { notices, chat } = await cancelEventAndRoom(db, existing.id);
    sendStatusUpdates(app, notices);
    sendChatNotices(app, chat);
    await sendEventChanged(app, existing, 'cancelled');
    return { msg: EVENT_MSG.deleted };
  });
}
