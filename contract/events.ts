import { z } from 'zod';
import { multiLineText, singleLineText } from './text';
import { HOUR_PATTERN, calendarDate, phoneNumber } from './validation';
import {
  DEFAULT_WAITLIST_MODE, EVENT_LIMITS, EVENT_MSG, EVENT_STATUSES, FIELD_TYPES, GAME_TYPES, LEVELS, PARTICIPATION_STATUSES, POLAND_BOUNDS,
  SERIES_SCOPES, WAITLIST_MODES, latestGameDate, normalizeGameType,
} from './plain/events';

// The constants, messages and helpers live in a zod-free module (docs/adr/0035); all of it is here too.
export * from './plain/events';

const noDigits = (v: string) => !/\d/.test(v);
const line = (rules: (s: z.ZodString) => z.ZodType<string, string>, error: string) => singleLineText(rules, error);
export const eventAddress = z.object({
  city: line((s) => s.trim().min(1, EVENT_MSG.cityRequired).max(EVENT_LIMITS.cityMax).refine(noDigits, EVENT_MSG.cityDigits), EVENT_MSG.cityRequired),
  street: line((s) => s.trim().min(1, EVENT_MSG.streetRequired).max(EVENT_LIMITS.streetMax).refine(noDigits, EVENT_MSG.streetDigits),
    EVENT_MSG.streetRequired,
  ),
  addressNumber: line((s) => s.trim().min(1, EVENT_MSG.addressNumberRequired).max(EVENT_LIMITS.addressNumberMax, EVENT_MSG.addressNumber)
      .regex(/^\d+$/, EVENT_MSG.addressNumber),
    EVENT_MSG.addressNumberRequired,
  ),
  postalCode: line((s) => s.trim().regex(/^\d{2}-\d{3}$/, EVENT_MSG.postalCode), EVENT_MSG.postalCode),
});

/**
 * A game's date: a real calendar date, at most a year ahead (docs/adr/0041). The lower bound is the
 * server's "not in the past" check on the full start time; here only nonsense years are refused.
 */
export const gameDate = calendarDate(
  { invalid: EVENT_MSG.date, tooEarly: EVENT_MSG.inPast, tooLate: EVENT_MSG.tooFarAhead },
  () => '2000-01-01',
  () => latestGameDate(),
);
export const gameHour = singleLineText((s) => s.regex(HOUR_PATTERN, EVENT_MSG.hour), EVENT_MSG.hour);

/** The add/edit form's fields (spec sections 3 and 5); the server recomputes every derived value. */
export const eventInput = z
  .object({
    eventName: line((s) => s.trim().min(EVENT_LIMITS.nameMin, EVENT_MSG.nameLength).max(EVENT_LIMITS.nameMax, EVENT_MSG.nameLength),
      EVENT_MSG.nameLength),
    gameType: z.preprocess((v) => (typeof v === 'string' ? normalizeGameType(v) : v), z.enum(GAME_TYPES)),
    startDate: gameDate,
    startHour: gameHour,
    duration: z.coerce.number({ error: EVENT_MSG.duration }).int(EVENT_MSG.duration)
      .min(EVENT_LIMITS.durationMin, EVENT_MSG.duration).max(EVENT_LIMITS.durationMax, EVENT_MSG.duration),
    address: eventAddress,
    region: singleLineText((s) => s.trim().max(40)).optional().nullable(),
    fieldType: z.enum(FIELD_TYPES),
    playerCount: z.coerce.number({ error: EVENT_MSG.players }).int(EVENT_MSG.players).min(0, EVENT_MSG.players)
      .max(EVENT_LIMITS.playersMax, EVENT_MSG.players),
    level: z.enum(LEVELS),
    price: z.coerce.number({ error: EVENT_MSG.price }).min(0, EVENT_MSG.price).max(EVENT_LIMITS.priceMax, EVENT_MSG.price)
      .transform((v) => Math.round(v * 100) / 100),
    paymentMethod: singleLineText((s) => s.trim().max(40)).optional().nullable(),
    eventDescription: multiLineText((s) => s.trim().max(EVENT_LIMITS.descriptionMax, EVENT_MSG.description)).optional().default(''),
    phoneNumber,
    isPrivate: z.boolean().optional().default(false),
    isRecurring: z.boolean().optional().default(false),
    waitlistMode: z.enum(WAITLIST_MODES, { error: EVENT_MSG.waitlistMode }).optional().default(DEFAULT_WAITLIST_MODE),
    latitude: z.number().min(POLAND_BOUNDS.minLat, EVENT_MSG.pinOutside).max(POLAND_BOUNDS.maxLat, EVENT_MSG.pinOutside).optional().nullable(),
    longitude: z.number().min(POLAND_BOUNDS.minLon, EVENT_MSG.pinOutside).max(POLAND_BOUNDS.maxLon, EVENT_MSG.pinOutside).optional().nullable(),
    // Sent by the spec's client; recomputed by the server, so ignored when present.
    startDateTime: singleLineText((s) => s.max(40)).optional().nullable(),
    endDateTime: singleLineText((s) => s.max(40)).optional().nullable(),
    addressString: singleLineText((s) => s.max(300)).optional().nullable(),
  })
  .transform((v) => ({
    ...v,
    // Price 0 clears the payment method (spec section 5).
    paymentMethod: v.price === 0 ? null : v.paymentMethod || 'Na miejscu',
    phoneNumber: v.phoneNumber || null,
  }));
export type EventInput = z.input<typeof eventInput>;
/** `?scope=` of editing or cancelling a series' game (ADR 92); a one-off game ignores it. */
export const seriesScopeQuery = z.object({ scope: z.enum(SERIES_SCOPES, { error: EVENT_MSG.seriesScope }).optional().default('one') });
export type EventValues = z.output<typeof eventInput>;

export const searchInput = z.object({
  latitude: z.number().min(-90).max(90).optional().nullable(),
  longitude: z.number().min(-180).max(180).optional().nullable(),
  Country: singleLineText((s) => s.max(60)).optional().nullable(),
  region: singleLineText((s) => s.max(60)).optional().nullable(),
  City: singleLineText((s) => s.max(80)).optional().nullable(),
  distance: z.coerce.number().min(EVENT_LIMITS.distanceMin, EVENT_MSG.distance).max(EVENT_LIMITS.distanceMax, EVENT_MSG.distance)
    .default(EVENT_LIMITS.defaultDistance),
  gameType: z.preprocess((v) => (typeof v === 'string' && v ? normalizeGameType(v) : undefined), z.enum(GAME_TYPES).optional()),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SearchInput = z.input<typeof searchInput>;

export const userRef = z.object({
  _id: z.string(),
  nickName: z.string(),
  name: z.string().optional(),
  surname: z.string().optional(),
  avatarUrl: z.string().nullable().optional(),
});

/** An event as the API answers it (spec section 3, "Event"). */
export const eventDto = z.object({
  _id: z.string(),
  eventName: z.string(),
  gameType: z.string(),
  startDate: z.string(),
  startHour: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  duration: z.number(),
  address: z.object({ city: z.string(), street: z.string(), addressNumber: z.string(), postalCode: z.string() }),
  addressString: z.string(),
  region: z.string().nullable(),
  fieldType: z.string(),
  playerCount: z.number(),
  level: z.string(),
  price: z.number(),
  paymentMethod: z.string().nullable(),
  eventDescription: z.string(),
  phoneNumber: z.string().nullable(),
  isPrivate: z.boolean(),
  isRecurring: z.boolean(),
  /** The weekly series the game belongs to (ADR 92); null for a one-off game. */
  seriesId: z.string().nullable().optional(),
  waitlistMode: z.enum(WAITLIST_MODES),
  isParticipating: z.boolean().optional(),
  createdBy: userRef,
  eventStatus: z.enum(EVENT_STATUSES),
  geolocation: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  distance: z.number().optional(),
  createdAt: z.string(),
});
export type EventDto = z.infer<typeof eventDto>;

/** What the map needs of a game (its marker and popup): a slim list, as a city view holds thousands. */
export const mapEventDto = eventDto.pick({
  _id: true, eventName: true, gameType: true, startDateTime: true, duration: true, price: true, playerCount: true,
  geolocation: true,
});
export type MapEventDto = z.infer<typeof mapEventDto>;

/** A bubble of the map at low zoom: how many games a grid cell holds, at their mean position (ADR 81). */
export const mapClusterDto = z.object({ id: z.string(), latitude: z.number(), longitude: z.number(), count: z.number().int().positive() });
export type MapClusterDto = z.infer<typeof mapClusterDto>;

/** GET /football-events: markers, or at low zoom (`zoom` ≤ 10) clusters when the view holds many games. */
export const mapAnswer = z.object({ events: z.array(mapEventDto), clusters: z.array(mapClusterDto) });
export type MapAnswer = z.infer<typeof mapAnswer>;

export const statusRecordDto = z.object({
  _id: z.string(),
  eventID: eventDto,
  userID: z.string(),
  status: z.enum(PARTICIPATION_STATUSES),
  readBy: z.boolean(),
  updatedAt: z.string(),
});
export type StatusRecordDto = z.infer<typeof statusRecordDto>;

/**
 * Real-time payload sent to a user whose participation changed, and to the organiser when a player
 * asks to join or leaves (`forOrganiser`; `userId` is then the player). `readBy` false: news to
 * ring about, stored unseen on the server too (docs/adr/0076).
 */
export const statusUpdatePayload = z.object({
  eventId: z.string(),
  eventName: z.string(),
  userId: z.string(),
  status: z.enum(PARTICIPATION_STATUSES).nullable(),
  eventStatus: z.enum(EVENT_STATUSES),
  recordId: z.string().nullable(),
  readBy: z.boolean(),
  forOrganiser: z.boolean().optional(),
});
export type StatusUpdatePayload = z.infer<typeof statusUpdatePayload>;
