import { z } from 'zod';
import { PHONE_MAX } from './constants';
import {
  EVENT_LIMITS, EVENT_MSG, EVENT_STATUSES, FIELD_TYPES, GAME_TYPES, LEVELS, PARTICIPATION_STATUSES, POLAND_BOUNDS, normalizeGameType,
} from './plain/events';

// The constants, messages and helpers live in a zod-free module (docs/adr/0035); all of it is here too.
export * from './plain/events';

const noDigits = (v: string) => !/\d/.test(v);
export const eventAddress = z.object({
  city: z.string({ error: EVENT_MSG.cityRequired }).trim().min(1, EVENT_MSG.cityRequired).max(EVENT_LIMITS.cityMax)
    .refine(noDigits, EVENT_MSG.cityDigits),
  street: z.string({ error: EVENT_MSG.streetRequired }).trim().min(1, EVENT_MSG.streetRequired).max(EVENT_LIMITS.streetMax)
    .refine(noDigits, EVENT_MSG.streetDigits),
  addressNumber: z.string({ error: EVENT_MSG.addressNumberRequired }).trim().min(1, EVENT_MSG.addressNumberRequired)
    .max(EVENT_LIMITS.addressNumberMax, EVENT_MSG.addressNumber).regex(/^\d+$/, EVENT_MSG.addressNumber),
  postalCode: z.string({ error: EVENT_MSG.postalCode }).trim().regex(/^\d{2}-\d{3}$/, EVENT_MSG.postalCode),
});

/** The add/edit form's fields (spec sections 3 and 5); the server recomputes every derived value. */
export const eventInput = z
  .object({
    eventName: z.string({ error: EVENT_MSG.nameLength }).trim().min(EVENT_LIMITS.nameMin, EVENT_MSG.nameLength)
      .max(EVENT_LIMITS.nameMax, EVENT_MSG.nameLength),
    gameType: z.preprocess((v) => (typeof v === 'string' ? normalizeGameType(v) : v), z.enum(GAME_TYPES)),
    startDate: z.string({ error: EVENT_MSG.date }).regex(/^\d{4}-\d{2}-\d{2}$/, EVENT_MSG.date),
    startHour: z.string({ error: EVENT_MSG.hour }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, EVENT_MSG.hour),
    duration: z.coerce.number({ error: EVENT_MSG.duration }).int(EVENT_MSG.duration)
      .min(EVENT_LIMITS.durationMin, EVENT_MSG.duration).max(EVENT_LIMITS.durationMax, EVENT_MSG.duration),
    address: eventAddress,
    region: z.string().trim().max(40).optional().nullable(),
    fieldType: z.enum(FIELD_TYPES),
    playerCount: z.coerce.number({ error: EVENT_MSG.players }).int(EVENT_MSG.players).min(0, EVENT_MSG.players)
      .max(EVENT_LIMITS.playersMax, EVENT_MSG.players),
    level: z.enum(LEVELS),
    price: z.coerce.number({ error: EVENT_MSG.price }).min(0, EVENT_MSG.price).max(EVENT_LIMITS.priceMax, EVENT_MSG.price)
      .transform((v) => Math.round(v * 100) / 100),
    paymentMethod: z.string().trim().max(40).optional().nullable(),
    eventDescription: z.string().trim().max(EVENT_LIMITS.descriptionMax, EVENT_MSG.description).optional().default(''),
    phoneNumber: z.string().trim().max(PHONE_MAX, 'Numer telefonu może mieć najwyżej 15 znaków').optional().nullable(),
    isPrivate: z.boolean().optional().default(false),
    isRecurring: z.boolean().optional().default(false),
    latitude: z.number().min(POLAND_BOUNDS.minLat, EVENT_MSG.pinOutside).max(POLAND_BOUNDS.maxLat, EVENT_MSG.pinOutside).optional().nullable(),
    longitude: z.number().min(POLAND_BOUNDS.minLon, EVENT_MSG.pinOutside).max(POLAND_BOUNDS.maxLon, EVENT_MSG.pinOutside).optional().nullable(),
    // Sent by the spec's client; recomputed by the server, so ignored when present.
    startDateTime: z.unknown().optional(),
    endDateTime: z.unknown().optional(),
    addressString: z.unknown().optional(),
  })
  .transform((v) => ({
    ...v,
    // Price 0 clears the payment method (spec section 5).
    paymentMethod: v.price === 0 ? null : v.paymentMethod || 'Na miejscu',
    phoneNumber: v.phoneNumber || null,
  }));
export type EventInput = z.input<typeof eventInput>;
export type EventValues = z.output<typeof eventInput>;

export const searchInput = z.object({
  latitude: z.number().min(-90).max(90).optional().nullable(),
  longitude: z.number().min(-180).max(180).optional().nullable(),
  Country: z.string().max(60).optional().nullable(),
  region: z.string().max(60).optional().nullable(),
  City: z.string().max(80).optional().nullable(),
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
  isParticipating: z.boolean().optional(),
  createdBy: userRef,
  eventStatus: z.enum(EVENT_STATUSES),
  geolocation: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  distance: z.number().optional(),
  createdAt: z.string(),
});
export type EventDto = z.infer<typeof eventDto>;

/** What the map needs of a game (markers and their popup): a slim list, as a city view holds thousands. */
export const mapEventDto = eventDto.pick({
  _id: true, eventName: true, gameType: true, startDateTime: true, duration: true, price: true, playerCount: true,
  geolocation: true, eventStatus: true,
});
export type MapEventDto = z.infer<typeof mapEventDto>;

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
