import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { formatAddress, SEARCH_TOTAL_BOUND, type EventDto, type EventStatus, type EventValues } from '@contract/events';
import type { Pool, QueryConfig } from 'pg';
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


function mapRow(r: Record<string, unknown>): EventWithOwner {
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
  };
}

const SELECT_EVENT_TEXT = `e.id, e.owner_id, e.event_name, e.game_type, e.start_date, e.start_hour, e.start_at, e.end_at,
  e.duration, e.city, e.street, e.address_number, e.postal_code, e.region, e.field_type, e.player_count, e.level,
  e.price, e.payment_method, e.description, e.phone_number, e.is_private, e.is_recurring, e.waitlist_mode, e.status, e.latitude,
  e.longitude, e.created_at, e.updated_at, u.nick_name AS owner_nick, u.name AS owner_name, u.surname AS owner_surname, u.avatar_version AS owner_avatar`;

/** Listed for search and the map, leaving time aside (the search index compares `end_at` when asked). */
const LISTED = `e.is_private = false AND e.status IN ('upcoming', 'live')`;
const LISTED_BY_ID_SQL = `SELECT ${SELECT_EVENT_TEXT} FROM events e JOIN users u ON u.id = e.owner_id
  WHERE ${LISTED} AND e.end_at > now() AND e.id > $1::uuid ORDER BY e.id LIMIT $2::int`;
const LISTED_AMONG_SQL = `SELECT ${SELECT_EVENT_TEXT} FROM events e JOIN users u ON u.id = e.owner_id WHERE e.id = ANY($1::uuid[]) AND ${LISTED}`;

/** For the search index's full load (ADR 96): listed games not over yet, with organisers, by id after `afterId`. */
export async function readListedGames(ex: Pick<Pool, 'query'>, afterId: string, limit: number, timeoutMs?: number): Promise<EventWithOwner[]> {
  // `query_timeout`: node-postgres's own limit for this statement, instead of the pool's.
  const res = await ex.query({ name: 'events_listed_by_id', text: LISTED_BY_ID_SQL, values: [afterId, limit], ...(timeoutMs ? { query_timeout: timeoutMs } : {}) } as QueryConfig);
  return (res.rows as Record<string, unknown>[]).map(mapRow);
}

/** For the search index's changes (ADR 96): which of `ids` are listed now, as they are now. */
export async function readListedAmong(ex: Pick<Pool, 'query'>, ids: string[]): Promise<EventWithOwner[]> {
  const res = await ex.query({ name: 'events_listed_among', text: LISTED_AMONG_SQL, values: [ids] });
  return (res.rows as Record<string, unknown>[]).map(mapRow);
}

/** The total is exact up to this many games (or to the end of the page asked for, if further). */
export function totalBound(q: { limit: number; offset: number }): number {
  return Math.max(SEARCH_TOTAL_BOUND, Math.trunc(q.offset) + Math.trunc(q.limit));
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
