import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVENT_MSG, MAP_CLUSTER_MAX_ZOOM, MAP_EVENTS_LIMIT, MAP_MARKERS_UP_TO, eventDto, eventInput, hasStarted, mapAnswer, mapCellZoom,
  searchInput, seriesScopeQuery,
} from '@contract/events';
import { deflatePiece } from '../lib/gzip-pieces';
import { SharedJson } from '../lib/shared-json';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { eventColumns, findEvent, insertEvent, toEventDto, totalBound } from '../repositories/events';
import { findParticipation } from '../repositories/participations';
import { resolveEventPlace, resolveSearchCenter } from '../services/event-place';
import { announceNewGame, cancelGame, editGame, refusePast, timesOf } from '../services/game-changes';
import { ensureSeriesGames, startSeries } from '../services/series';
import { cancelFollowing, editFollowing } from '../services/series-changes';

export const idParams = z.object({ id: z.uuid({ error: EVENT_MSG.notFound }) });

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


const MARKERS_OPEN_PIECE = deflatePiece(Buffer.from('{"events":'));
const MARKERS_CLOSE_PIECE = deflatePiece(Buffer.from(',"clusters":[]}'));
const SEARCH_OPEN = Buffer.from('{"events":[');
const COMMA = Buffer.from(',');

export async function eventRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  // Search and map answers hold nothing personal: everyone asking the same shares one, stringified
  // once, for a moment. Being shared, they skip the per-request serializer: development and tests
  // check them against the contract here instead.
  const shared = app.ctx.searchCache;
  const production = app.ctx.config.NODE_ENV === 'production';
  const checked = <T>(schema: z.ZodType<T>, value: T) => SharedJson.of(production ? value : schema.parse(value));
  const checkedText = <T>(schema: z.ZodType<T>, body: string | Buffer) => {
    if (!production) schema.parse(JSON.parse(body.toString()));
    return SharedJson.ofText(body);
  };
  const index = app.ctx.searchIndex;
  const searchAnswer = z.object({ events: z.array(eventDto), total: z.number().int(), totalIsLowerBound: z.boolean() });
  app.addHook('preHandler', app.requireUser);

  app.get('/football-events', { schema: { querystring: bounds } }, async (request, reply) => {
    const q = request.query;
    // Without a viewport: all of Poland.
    const view = { minLat: q.minLat ?? 48.9, maxLat: q.maxLat ?? 55, minLon: q.minLon ?? 14, maxLon: q.maxLon ?? 24.2 };
    // Zoomed out: bubbles with counts per grid cell, unless the view holds only a few games (ADR 81).
    const cellZoom = q.zoom !== undefined && q.zoom <= MAP_CLUSTER_MAX_ZOOM ? mapCellZoom(q.zoom) : null;
    const key = ['map', view.minLat, view.maxLat, view.minLon, view.maxLon, cellZoom ?? ''].join('|');
    const answer = await shared.get(key, async () => {
      const games = await index.current();
      if (cellZoom !== null) {
        // The bubbles, counted in the search index as games come and go (ADR 81, ADR 96).
        const clusters = games.clusters({ ...view, zoom: cellZoom });
        if (clusters.reduce((n, c) => n + c.count, 0) > MAP_MARKERS_UP_TO) return checked(mapAnswer, { events: [], clusters });
      }
      // Up to 1,000 markers nearest the view's centre, from the search index, already JSON (ADR 96)
      // and mostly already compressed (ADR 97).
      const markers = games.inView({ ...view, limit: MAP_EVENTS_LIMIT, now: Date.now() });
      const answer = SharedJson.ofPieces([MARKERS_OPEN_PIECE, ...(await markers.pieces), MARKERS_CLOSE_PIECE]);
      // The text inflated from the pieces, so this checks what the gzip answer holds.
      if (!production) mapAnswer.parse(JSON.parse(answer.body.toString()));
      return answer;
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
      // The search index answers from memory: the page, nearest first, each game as JSON (ADR 96).
      const found = (await index.current()).nearest({
        latitude: query.latitude, longitude: query.longitude, radiusM: query.radiusKm * 1000, gameType: query.gameType,
        limit: query.limit, offset: query.offset, bound: totalBound(query), now: Date.now(),
      });
      const parts: Buffer[] = [SEARCH_OPEN];
      found.cards.forEach((card, i) => {
        if (i > 0) parts.push(COMMA);
        // As toEventDto rounds it: kilometres to two decimals.
        parts.push(card, Buffer.from(`,"distance":${Math.round(found.distancesM[i] / 10) / 100}}`));
      });
      parts.push(Buffer.from(`],"total":${found.total},"totalIsLowerBound":${found.atLeast}}`));
      return checkedText(searchAnswer, Buffer.concat(parts));
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
      refusePast(times.startAt);
      const place = resolveEventPlace(v);
      // "Powtarzaj co tydzień": this game is the series' first; the next ones are made at once (docs/adr/0092).
      const id = await db.transaction(async (tx) => {
        const created = await insertEvent(tx, request.user!.id, { ...eventColumns(v, place, times), isRecurring: false });
        if (v.isRecurring) await startSeries(tx, (await findEvent(tx, created))!, v, place);
        return created;
      });
      const event = (await findEvent(db, id))!;
      await announceNewGame(app, event);
      if (event.seriesId) await ensureSeriesGames(app, new Date(), event.seriesId);
      return reply.status(201).send({ msg: EVENT_MSG.created, event: toEventDto(event) });
    },
  );

  async function ownedGame(id: string, userId: string) {
    const existing = await findEvent(db, id);
    if (!existing || existing.status === 'cancelled') throw new NotFoundError(EVENT_MSG.notFound);
    if (existing.ownerId !== userId) throw new ForbiddenError(EVENT_MSG.notOwner);
    return existing;
  }

  app.patch(
    '/football-events/:id',
    {
      schema: {
        params: idParams, querystring: seriesScopeQuery, body: eventInput,
        response: { 200: z.object({ msg: z.string(), event: eventDto }) },
      },
    },
    async (request) => {
      const v = request.body;
      const existing = await ownedGame(request.params.id, request.user!.id);
      if (request.query.scope === 'following') {
        const event = await editFollowing(app, existing, v);
        return { msg: EVENT_MSG.seriesUpdated, event: toEventDto(event) };
      }
      let event = await editGame(app, existing, v);
      // A future one-off game may become the first of a weekly series (docs/adr/0092).
      if (v.isRecurring && !event.seriesId && !hasStarted(event.startAt)) {
        await startSeries(db, event, v, resolveEventPlace(v));
        await ensureSeriesGames(app, new Date(), (await findEvent(db, event.id))!.seriesId!);
        event = (await findEvent(db, event.id))!;
      }
      return { msg: EVENT_MSG.updated, event: toEventDto(event) };
    },
  );

  app.delete(
    '/football-events/:id',
    { schema: { params: idParams, querystring: seriesScopeQuery, response: { 200: z.object({ msg: z.string() }) } } },
    async (request) => {
      const existing = await ownedGame(request.params.id, request.user!.id);
      if (request.query.scope === 'following') {
        await cancelFollowing(app, existing);
        return { msg: EVENT_MSG.seriesCancelled };
      }
      await cancelGame(app, existing);
      return { msg: EVENT_MSG.deleted };
    },
  );
}
