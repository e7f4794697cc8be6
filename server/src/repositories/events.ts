import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  formatAddress, GAME_TYPES, mapCellWidth, mapCellZoom, SEARCH_TOTAL_BOUND, type EventDto, type EventStatus, type EventValues, type MapClusterDto,
  type MapEventDto,
} from '@contract/events';
import type { Pool } from 'pg';
import type { Executor } from '../db/database';
import { events, users } from '../db/schema';
import { avatarUrlOf } from './users';

export type EventRow = typeof events.$inferSelect;
type Owner = { id: string; nickName: string; name: string; surname: string; avatarVersion: number | null };
export type EventWithOwner = EventRow & { owner: Owner };

const ownerColumns = { id: users.id, nickName: users.nickName, name: users.name, surname: users.surname, avatarVersion: users.avatarVersion };

export function toEventDto(e: EventWithOwner, extra: { distance?: number; isParticipating?: boolean } = {}): EventDto {
  const address = { city: e.city, street: e.street, addressNumber: e.addressNumber, postalCode: e.postalCode };
  return {
    _id: e.id,
    eventName: e.eventName,
    gameType: e.gameType,
    startDate: e.startDate,
    startHour: e.startHour,
    startDateTime: e.startAt.toISOString(),
    endDateTime: e.endAt.toISOString(),
    duration: e.duration,
    address,
    addressString: formatAddress(address),
    region: e.region,
    fieldType: e.fieldType,
    playerCount: e.playerCount,
    level: e.level,
    price: Number(e.price),
    paymentMethod: e.paymentMethod,
    eventDescription: e.description,
    phoneNumber: e.phoneNumber,
    isPrivate: e.isPrivate,
    isRecurring: e.isRecurring,
    seriesId: e.seriesId,
    waitlistMode: e.waitlistMode,
    createdBy: {
      _id: e.owner.id, nickName: e.owner.nickName, name: e.owner.name, surname: e.owner.surname,
      avatarUrl: avatarUrlOf(e.owner.id, e.owner.avatarVersion),
    },
    eventStatus: e.status,
    geolocation: { type: 'Point', coordinates: [e.longitude, e.latitude] },
    createdAt: e.createdAt.toISOString(),
    ...(extra.distance !== undefined ? { distance: Math.round(extra.distance * 100) / 100 } : {}),
    ...(extra.isParticipating !== undefined ? { isParticipating: extra.isParticipating } : {}),
  };
}

/** Column values of an event from the validated form and the resolved place. */
export function eventColumns(v: EventValues, place: { latitude: number; longitude: number; region: string | null }, times: { startAt: Date; endAt: Date }) {
  return {
    eventName: v.eventName,
    gameType: v.gameType,
    startDate: v.startDate,
    startHour: v.startHour,
    startAt: times.startAt,
    endAt: times.endAt,
    duration: v.duration,
    city: v.address.city,
    street: v.address.street,
    addressNumber: v.address.addressNumber,
    postalCode: v.address.postalCode,
    region: place.region,
    fieldType: v.fieldType,
    playerCount: v.playerCount,
    level: v.level,
    price: v.price,
    paymentMethod: v.paymentMethod,
    description: v.eventDescription ?? '',
    phoneNumber: v.phoneNumber,
    isPrivate: v.isPrivate ?? false,
    isRecurring: v.isRecurring ?? false,
    waitlistMode: v.waitlistMode,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

export async function insertEvent(ex: Executor, ownerId: string, values: ReturnType<typeof eventColumns>): Promise<string> {
  const [row] = await ex.insert(events).values({ ownerId, ...values }).returning({ id: events.id });
  return row.id;
}

/**
 * A series' game for one slot, unless that slot already has one (created by another process, or
 * earlier): the unique (series_id, series_date) index decides, so the id comes back only to the
 * one call that created it (ADR 92).
 */
export async function insertSeriesGame(
  ex: Executor, ownerId: string, values: ReturnType<typeof eventColumns>, series: { seriesId: string; seriesDate: string },
): Promise<string | undefined> {
  const [row] = await ex
    .insert(events)
    .values({ ownerId, ...values, ...series, isRecurring: true })
    .onConflictDoNothing({ target: [events.seriesId, events.seriesDate] })
    .returning({ id: events.id });
  return row?.id;
}

/** A game becomes its series' game for a slot (the first game of a new series). */
export async function attachToSeries(ex: Executor, id: string, seriesId: string, seriesDate: string): Promise<void> {
  await ex.update(events).set({ seriesId, seriesDate, isRecurring: true }).where(eq(events.id, id));
}

/** The series' games from a slot on (inclusive) that have not started: what "to i następne" changes. */
export async function findFollowingGames(ex: Executor, seriesId: string, fromDate: string): Promise<EventWithOwner[]> {
  const rows = await selectWithOwner(
    ex,
    and(eq(events.seriesId, seriesId), sql`${events.seriesDate} >= ${fromDate}`, eq(events.status, 'upcoming'), sql`${events.startAt} > now()`),
  );
  return rows.sort((a, b) => a.seriesDate!.localeCompare(b.seriesDate!));
}

export async function updateEvent(ex: Executor, id: string, values: ReturnType<typeof eventColumns>): Promise<void> {
  await ex.update(events).set({ ...values, updatedAt: new Date() }).where(eq(events.id, id));
}

async function selectWithOwner(ex: Executor, where: SQL | undefined, lock = false): Promise<EventWithOwner[]> {
  const q = ex.select({ event: events, owner: ownerColumns }).from(events).innerJoin(users, eq(users.id, events.ownerId)).where(where);
  const rows = lock ? await q.for('update', { of: events }) : await q;
  return rows.map((r) => ({ ...r.event, owner: r.owner }));
}

export async function findEvent(ex: Executor, id: string, opts: { forUpdate?: boolean } = {}): Promise<EventWithOwner | undefined> {
  return (await selectWithOwner(ex, eq(events.id, id), opts.forUpdate))[0];
}

export async function findOwnedEvents(ex: Executor, ownerId: string): Promise<EventWithOwner[]> {
  const rows = await selectWithOwner(ex, eq(events.ownerId, ownerId));
  return rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
}

/**
 * The organiser has news about their game (a request to join, an accepted player leaving): unseen
 * until they look (docs/adr/0076). The first unseen moment is kept.
 */
export async function flagOwnerUnread(ex: Executor, eventId: string): Promise<void> {
  await ex.update(events).set({ ownerUnreadSince: sql`coalesce(${events.ownerUnreadSince}, now())` }).where(eq(events.id, eventId));
}

/** The organiser has seen their game's news; false when they do not own it. */
export async function markOwnerRead(ex: Executor, eventId: string, ownerId: string): Promise<boolean> {
  const rows = await ex
    .update(events)
    .set({ ownerUnreadSince: null })
    .where(and(eq(events.id, eventId), eq(events.ownerId, ownerId)))
    .returning({ id: events.id });
  return rows.length > 0;
}

/** The organiser's games with news they have not seen, oldest news first. */
export async function findOwnerUnread(ex: Executor, ownerId: string): Promise<EventWithOwner[]> {
  const rows = await selectWithOwner(ex, and(eq(events.ownerId, ownerId), isNotNull(events.ownerUnreadSince)));
  return rows.sort((a, b) => a.ownerUnreadSince!.getTime() - b.ownerUnreadSince!.getTime());
}

/** Sets a new status only from the given ones; returns the event when this call made the change. */
export async function transitionEvent(ex: Executor, id: string, from: EventStatus[], to: EventStatus): Promise<EventRow | undefined> {
  const [row] = await ex
    .update(events)
    .set({ status: to, updatedAt: new Date(), ...(to === 'completed' ? { completedAt: new Date() } : {}) })
    .where(and(eq(events.id, id), sql`${events.status} IN (${sql.join(from.map((s) => sql`${s}`), sql`, `)})`))
    .returning();
  return row;
}

/** Public games that are not finished and not over: what search and the map may show. */
const VISIBLE = `e.is_private = false AND e.status IN ('upcoming', 'live') AND e.end_at > now()`;

function mapRow(r: Record<string, unknown>): EventWithOwner & { distance?: number } {
  return {
    id: r.id as string,
    ownerId: r.owner_id as string,
    eventName: r.event_name as string,
    gameType: r.game_type as string,
    startDate: r.start_date as string,
    startHour: r.start_hour as string,
    startAt: new Date(r.start_at as string),
    endAt: new Date(r.end_at as string),
    duration: Number(r.duration),
    city: r.city as string,
    street: r.street as string,
    addressNumber: r.address_number as string,
    postalCode: r.postal_code as string,
    region: (r.region as string) ?? null,
    fieldType: r.field_type as string,
    playerCount: Number(r.player_count),
    level: r.level as string,
    price: Number(r.price),
    paymentMethod: (r.payment_method as string) ?? null,
    description: r.description as string,
    phoneNumber: (r.phone_number as string) ?? null,
    isPrivate: Boolean(r.is_private),
    isRecurring: Boolean(r.is_recurring),
    waitlistMode: (r.waitlist_mode as EventRow['waitlistMode']) ?? 'approval',
    status: r.status as EventStatus,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    earth: '',
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    // Search rows never feed the organiser's news (status and notification routes read the table).
    ownerUnreadSince: null,
    completedAt: null,
    seriesId: (r.series_id as string | undefined) ?? null,
    seriesDate: (r.series_date as string | undefined) ?? null,
    owner: {
      id: r.owner_id as string, nickName: r.owner_nick as string, name: r.owner_name as string,
      surname: r.owner_surname as string, avatarVersion: (r.owner_avatar as number | null) ?? null,
    },
    ...(r.distance_m !== undefined ? { distance: Number(r.distance_m) / 1000 } : {}),
  };
}

const SELECT_EVENT_TEXT = `e.id, e.owner_id, e.event_name, e.game_type, e.start_date, e.start_hour, e.start_at, e.end_at,
  e.duration, e.city, e.street, e.address_number, e.postal_code, e.region, e.field_type, e.player_count, e.level,
  e.price, e.payment_method, e.description, e.phone_number, e.is_private, e.is_recurring, e.waitlist_mode, e.status, e.latitude,
  e.longitude, e.created_at, e.updated_at, u.nick_name AS owner_nick, u.name AS owner_name, u.surname AS owner_surname, u.avatar_version AS owner_avatar`;

export interface RadiusQuery {
  latitude: number;
  longitude: number;
  radiusKm: number;
  gameType?: string;
  limit: number;
  offset: number;
}

/** earthdistance's earth radius in metres (its `earth()`). */
const EARTH_RADIUS_M = 6378168;

/**
 * Visible games within a radius, nearest first, and their total, in one round trip (ADR 80).
 *
 * Nothing here grows with the number of games in the circle, only with the page asked for:
 * - `near`: a nearest-first (KNN) walk of the covering GiST index (`ORDER BY earth <-> centre`,
 *   index only) that stops after `countLimit` matches (one past the total's bound, and at least the
 *   end of the page). Its size is the total, exact up to the bound; "at least the bound" beyond it.
 * - `edge`: the distance of the page's last game. The page is then every match up to that
 *   distance (a box of that size in the same index), ordered by distance and id, so games at the
 *   same distance (one pitch) fall on pages in a fixed order and pages never overlap or skip.
 * - only the page's rows are joined to the table and their organisers.
 * The exact radius is a chord length compared with the cube distance (cheaper per row than
 * earth_distance); the centre is an init plan, computed once per query. See ADRs 7, 14 and 80.
 */
const CENTRE = '(SELECT ll_to_earth($1::float8, $2::float8))';
const MATCH = `${VISIBLE} AND ($5::text IS NULL OR e.game_type = $5::text)`;
const SEARCH_SQL = `WITH near AS MATERIALIZED (
    SELECT e.earth <-> ${CENTRE} AS chord FROM events e
    WHERE ${MATCH} AND e.earth <@ earth_box(${CENTRE}, $3::float8) AND (e.earth <-> ${CENTRE}) <= $4::float8
    ORDER BY e.earth <-> ${CENTRE} LIMIT $8::int
  ),
  edge AS (SELECT max(chord) AS d FROM (SELECT chord FROM near ORDER BY chord LIMIT $6::int + $7::int) x),
  page AS (
    SELECT e.id, e.earth <-> ${CENTRE} AS chord FROM events e
    WHERE ${MATCH} AND e.earth <@ cube_enlarge(${CENTRE}, (SELECT d FROM edge) + 1e-6, 3)
      AND (e.earth <-> ${CENTRE}) <= (SELECT d FROM edge)
    ORDER BY chord, e.id LIMIT $6::int OFFSET $7::int
  )
SELECT t.total, r.* FROM (SELECT count(*)::int AS total FROM near) t
LEFT JOIN LATERAL (
  SELECT ${SELECT_EVENT_TEXT}, earth_distance(e.earth, ${CENTRE}) AS distance_m, page.chord AS chord
  FROM page JOIN events e ON e.id = page.id JOIN users u ON u.id = e.owner_id
) r ON true
ORDER BY r.chord, r.id`;

/** The total is exact up to this many games (or to the end of the page asked for, if further). */
export function totalBound(q: Pick<RadiusQuery, 'limit' | 'offset'>): number {
  return Math.max(SEARCH_TOTAL_BOUND, Math.trunc(q.offset) + Math.trunc(q.limit));
}

export async function searchByRadius(pool: Pool, q: RadiusQuery) {
  if (q.gameType && !(GAME_TYPES as readonly string[]).includes(q.gameType)) throw new Error(`unknown game type ${q.gameType}`);
  const radius = q.radiusKm * 1000;
  const chord = 2 * EARTH_RADIUS_M * Math.sin(radius / (2 * EARTH_RADIUS_M));
  const bound = totalBound(q);
  const res = await pool.query({
    name: 'events_search_by_radius_knn',
    text: SEARCH_SQL,
    values: [q.latitude, q.longitude, radius, chord, q.gameType ?? null, Math.trunc(q.limit), Math.trunc(q.offset), bound + 1],
  });
  const rows = res.rows as Record<string, unknown>[];
  const counted = Number(rows[0]?.total ?? 0);
  return {
    events: rows.filter((r) => r.id !== null).map(mapRow),
    total: Math.min(counted, bound),
    totalIsLowerBound: counted > bound,
  };
}

export interface BoundsQuery {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
  limit: number;
}

/**
 * Visible games inside a map viewport (the map asks for its view plus a margin), nearest to its
 * centre first, with only what a marker needs. A nearest-first (KNN) walk of the covering GiST
 * index from the view's centre stops at the limit, so a view of all Poland costs about as much as
 * a street's: the index answers the box, the latitude/longitude test, the order and every column
 * returned (they are in its INCLUDE, ADR 81), so the table is not read. (A second sort key would
 * make the planner sort the whole view instead, ADR 80; games at exactly the same distance as the
 * 1,000th may be swapped for each other.)
 */
const VIEW_CENTRE = '(SELECT ll_to_earth($1::float8, $2::float8))';
const MAP_SQL = `SELECT e.id, e.event_name, e.game_type, e.start_at, e.duration, e.price, e.player_count, e.latitude, e.longitude
  FROM events e
  WHERE ${VISIBLE}
    AND e.earth <@ earth_box(${VIEW_CENTRE}, $3::float8)
    AND e.latitude BETWEEN $4::float8 AND $5::float8 AND e.longitude BETWEEN $6::float8 AND $7::float8
  ORDER BY e.earth <-> ${VIEW_CENTRE} LIMIT $8::int`;

export async function listInBounds(pool: Pool, b: BoundsQuery): Promise<MapEventDto[]> {
  const midLat = (b.minLat + b.maxLat) / 2;
  const midLon = (b.minLon + b.maxLon) / 2;
  // The box's half-diagonal on the ground, a little generous, bounds the index scan.
  const dLat = ((b.maxLat - b.minLat) / 2) * 111_320;
  const dLon = ((b.maxLon - b.minLon) / 2) * 111_320 * Math.cos((Math.min(Math.abs(b.minLat), Math.abs(b.maxLat)) * Math.PI) / 180);
  const radius = Math.hypot(dLat, dLon) * 1.05 + 100;
  const res = await pool.query({
    name: 'events_list_in_bounds_knn',
    text: MAP_SQL,
    values: [midLat, midLon, radius, b.minLat, b.maxLat, b.minLon, b.maxLon, Math.trunc(b.limit)],
  });
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    _id: r.id as string,
    eventName: r.event_name as string,
    gameType: r.game_type as string,
    startDateTime: new Date(r.start_at as string).toISOString(),
    duration: Number(r.duration),
    price: Number(r.price),
    playerCount: Number(r.player_count),
    // A metre is plenty for a pin; fewer digits, fewer bytes in a list of 1,000.
    geolocation: { type: 'Point', coordinates: [round5(Number(r.longitude)), round5(Number(r.latitude))] },
  }));
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/**
 * The map's bubbles at low zoom (ADR 81): the non-empty grid cells of `map_cells` at the view's zoom
 * level that overlap the view, each at the mean position of its games. A few hundred rows of a
 * table kept by triggers, whatever the number of games in the view.
 */
const CELLS_SQL = `SELECT cx, cy, games, latitude_sum / games AS latitude, longitude_sum / games AS longitude
FROM map_cells WHERE zoom = $1::int AND cx BETWEEN $2::int AND $3::int AND cy BETWEEN $4::int AND $5::int AND games > 0`;

export async function listMapClusters(pool: Pool, b: Omit<BoundsQuery, 'limit'> & { zoom: number }): Promise<MapClusterDto[]> {
  const zoom = mapCellZoom(b.zoom);
  const w = mapCellWidth(zoom);
  const h = w * 0.6;
  const res = await pool.query({
    name: 'map_cells_in_bounds',
    text: CELLS_SQL,
    values: [zoom, Math.floor(b.minLon / w), Math.floor(b.maxLon / w), Math.floor(b.minLat / h), Math.floor(b.maxLat / h)],
  });
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    id: `${zoom}:${r.cx}:${r.cy}`,
    latitude: round5(Number(r.latitude)),
    longitude: round5(Number(r.longitude)),
    count: Number(r.games),
  }));
}

/** Games whose time is up but which are not completed yet (for the event clock). */
export async function findDueEvents(ex: Executor, limit: number): Promise<string[]> {
  const res = await ex.execute(sql`SELECT id FROM events WHERE status IN ('upcoming', 'live') AND end_at <= now() ORDER BY end_at LIMIT ${limit}`);
  return res.rows.map((r) => (r as { id: string }).id);
}

export async function markStartedLive(ex: Executor): Promise<number> {
  const res = await ex.execute(
    sql`UPDATE events SET status = 'live', updated_at = now() WHERE status = 'upcoming' AND start_at <= now() AND end_at > now()`,
  );
  return res.rowCount ?? 0;
}
