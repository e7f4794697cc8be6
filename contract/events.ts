import { z } from 'zod';
import { PHONE_MAX } from './constants';
import { utcToWarsaw, warsawToUtc } from './time';

export const GAME_TYPES = [
  'football', 'volleyball', 'basketball', 'handball', 'rugby', 'hockey', 'tennis', 'badminton',
  'tableTennis', 'bowling', 'cards', 'boardGames', 'other',
] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const GAME_TYPE_LABELS: Record<GameType, string> = {
  football: 'Piłka nożna', volleyball: 'Siatkówka', basketball: 'Koszykówka', handball: 'Piłka ręczna',
  rugby: 'Rugby', hockey: 'Hokej', tennis: 'Tenis', badminton: 'Badminton', tableTennis: 'Tenis stołowy',
  bowling: 'Kręgle', cards: 'Karty', boardGames: 'Gry planszowe', other: 'Inne',
};
/** The spec also writes 'table tennis' and 'board games'; both spellings are read as the same type. */
export function normalizeGameType(value: string): string {
  return value === 'table tennis' ? 'tableTennis' : value === 'board games' ? 'boardGames' : value;
}

export const FIELD_TYPES = ['field', 'hall', 'other'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FieldType, string> = { field: 'Orlik', hall: 'Hala', other: 'Inne' };

export const LEVELS = ['beginner', 'intermediate', 'advanced', 'professional', 'other'] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_LABELS: Record<Level, string> = {
  beginner: 'Początkujący', intermediate: 'Średniozaawansowany', advanced: 'Zaawansowany',
  professional: 'Profesjonalny', other: 'Inny',
};

export const PAYMENT_METHODS = ['Na miejscu', 'BLIK', 'Przelew'] as const;
export const DEFAULT_PAYMENT_METHOD = 'Na miejscu';

export const EVENT_STATUSES = ['upcoming', 'live', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const isFinishedStatus = (s: string) => s === 'completed' || s === 'cancelled';

export const PARTICIPATION_STATUSES = ['interested', 'accepted', 'rejected', 'finished'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];

export const EVENT_LIMITS = {
  nameMin: 3, nameMax: 60, durationMin: 15, durationMax: 600, playersMax: 100, priceMax: 1000,
  descriptionMax: 1000, streetMax: 80, cityMax: 60, addressNumberMax: 6, postalCodeMax: 6,
  defaultDuration: 90, distanceMin: 1, distanceMax: 50, defaultDistance: 5,
} as const;

export const EVENT_MSG = {
  postalCode: 'Kod pocztowy musi być w formacie XX-XXX',
  cityDigits: 'Nazwa miasta nie może zawierać cyfr!',
  streetDigits: 'Nazwa ulicy nie może zawierać cyfr!',
  addressNumber: 'Numer ulicy może zawierać tylko cyfry!',
  cityRequired: 'Podaj miasto',
  streetRequired: 'Podaj ulicę',
  addressNumberRequired: 'Podaj numer ulicy',
  nameLength: 'Nazwa wydarzenia musi mieć od 3 do 60 znaków',
  duration: 'Czas trwania musi wynosić od 15 do 600 minut',
  players: 'Liczba szukanych graczy musi wynosić od 0 do 100',
  price: 'Cena musi wynosić od 0 do 1000 zł',
  description: 'Opis może mieć najwyżej 1000 znaków',
  date: 'Podaj poprawną datę rozpoczęcia',
  hour: 'Podaj poprawną godzinę rozpoczęcia',
  inPast: 'Wydarzenie nie może zaczynać się w przeszłości',
  pinOutside: 'Zaznaczone miejsce musi leżeć w Polsce',
  cityUnknown: 'Podane miasto nie istnieje w bazie. Wybierz miasto z podpowiedzi.',
  cityAmbiguous: 'Znaleziono więcej niż jedno pasujące miasto. Wybierz miasto z podpowiedzi.',
  notFound: 'Nie znaleziono wydarzenia o podanym ID, możliwe że zostało usunięte przez właściciela lub administratora',
  notOwner: 'Tylko organizator może zarządzać tym wydarzeniem',
  finished: 'To wydarzenie zostało zakończone.',
  cancelled: 'To wydarzenie zostało anulowane.',
  alreadyHasStatus: 'Już masz status dla tego wydarzenia',
  rejected: 'Zostałeś odrzucony z tego wydarzenia.',
  ownEvent: 'Jesteś organizatorem tego wydarzenia',
  cannotLeave: 'Nie możesz się wycofać z tego wydarzenia',
  noParticipant: 'Ten użytkownik nie zgłosił się do wydarzenia',
  created: 'Wydarzenie zostało dodane pomyślnie!',
  updated: 'Wydarzenie zostało zaktualizowane!',
  deleted: 'Wydarzenie zostało usunięte',
  completed: 'Wydarzenie zostało zakończone',
  joined: 'Wysłano prośbę o dołączenie',
  left: 'Pomyślnie wycofano z wydarzenia',
  statusChanged: 'Status uczestnika został zmieniony',
  distance: 'Odległość musi wynosić od 1 do 50 km',
} as const;

const noDigits = (v: string) => !/\d/.test(v);
/** Poland with a margin: a pin outside it is a mistake. */
export const POLAND_BOUNDS = { minLat: 48.9, maxLat: 55.0, minLon: 14.0, maxLon: 24.2 } as const;

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

export function formatAddress(a: { city: string; street: string; addressNumber: string; postalCode: string }): string {
  return `${a.street} ${a.addressNumber}, ${a.postalCode} ${a.city}`;
}

export function eventTimes(startDate: string, startHour: string, duration: number) {
  const start = warsawToUtc(startDate, startHour);
  return { startDateTime: start.toISOString(), endDateTime: new Date(start.getTime() + duration * 60_000).toISOString() };
}

/** The form's defaults (spec section 5): today, now, football, 90 minutes, Orlik, beginner, free. */
export function defaultEventValues(now: Date = new Date()) {
  const { date, hour } = utcToWarsaw(now);
  return {
    eventName: '', gameType: 'football' as GameType, startDate: date, startHour: hour, duration: 90,
    address: { city: '', street: '', addressNumber: '', postalCode: '' }, region: null as string | null,
    fieldType: 'field' as FieldType, playerCount: 0, level: 'beginner' as Level, price: 0,
    paymentMethod: DEFAULT_PAYMENT_METHOD, eventDescription: '', phoneNumber: '', isPrivate: false, isRecurring: false,
    latitude: null as number | null, longitude: null as number | null,
  };
}

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

/** Distance typed in find-event, clamped to 1–50 (empty means 1). */
export function clampDistance(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : parseFloat(String(value ?? ''));
  if (!Number.isFinite(n)) return EVENT_LIMITS.distanceMin;
  return Math.min(EVENT_LIMITS.distanceMax, Math.max(EVENT_LIMITS.distanceMin, n));
}

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
/** The map asks for at most this many games, nearest to its centre first. */
export const MAP_EVENTS_LIMIT = 1000;

export const statusRecordDto = z.object({
  _id: z.string(),
  eventID: eventDto,
  userID: z.string(),
  status: z.enum(PARTICIPATION_STATUSES),
  readBy: z.boolean(),
  updatedAt: z.string(),
});
export type StatusRecordDto = z.infer<typeof statusRecordDto>;

/** Real-time payload sent to a user whose participation changed (and to the organiser). */
export const statusUpdatePayload = z.object({
  eventId: z.string(),
  eventName: z.string(),
  userId: z.string(),
  status: z.enum(PARTICIPATION_STATUSES).nullable(),
  eventStatus: z.enum(EVENT_STATUSES),
  recordId: z.string().nullable(),
  readBy: z.boolean(),
});
export type StatusUpdatePayload = z.infer<typeof statusUpdatePayload>;
