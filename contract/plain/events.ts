/**
 * The zod-free half of contract/events.ts: the event vocabulary, limits, Polish messages and pure
 * helpers. Anything the SPA's first download needs comes from here (docs/adr/0035); events.ts
 * re-exports all of it next to the schemas, so server code imports from either.
 */
import { utcToWarsaw, warsawToUtc } from '../time';

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

export const PARTICIPATION_STATUSES = ['interested', 'accepted', 'rejected', 'finished', 'waitlisted'] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];

/**
 * What happens when a place frees in a full game (docs/adr/0090): the first on the waitlist is
 * accepted at once, or becomes a request the organiser accepts as any other.
 */
export const WAITLIST_MODES = ['auto', 'approval'] as const;
export type WaitlistMode = (typeof WAITLIST_MODES)[number];
export const WAITLIST_MODE_LABELS: Record<WaitlistMode, string> = { auto: 'automatycznie', approval: 'za moją zgodą' };
export const DEFAULT_WAITLIST_MODE: WaitlistMode = 'approval';

/**
 * A game with places (playerCount > 0) is full when its accepted players fill them; a game that
 * seeks 0 players has no limit and no waitlist, as before (docs/adr/0090).
 */
export function freePlaces(playerCount: number, accepted: number): number | null {
  return playerCount > 0 ? Math.max(0, playerCount - accepted) : null;
}

/** Attendance of a completed game can be changed this long after its completion (docs/adr/0091). */
export const ATTENDANCE_EDIT_MS = 48 * 3600_000;
/** The reliability figure is shown from this many played games on (docs/adr/0091). */
export const RELIABILITY_MIN_GAMES = 5;

/** "Frekwencja 92% z 25 gier", or null below RELIABILITY_MIN_GAMES games. */
export function reliabilityText(stats: { gamesTracked?: number; gamesAttended?: number } | null | undefined): string | null {
  const games = stats?.gamesTracked ?? 0;
  if (games < RELIABILITY_MIN_GAMES) return null;
  return `Frekwencja ${Math.round((100 * (stats?.gamesAttended ?? 0)) / games)}% z ${games} gier`;
}

/** "Jesteś 2. na liście rezerwowej" */
export function waitlistPositionText(position: number): string {
  return `Jesteś ${position}. na liście rezerwowej`;
}

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
  tooFarAhead: 'Wydarzenie można zaplanować najwyżej rok naprzód',
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
  finishBeforeStart: 'Nie możesz zakończyć wydarzenia przed jego rozpoczęciem. Możesz je usunąć.',
  finishUncounted: 'Nikt nie został zaakceptowany: zakończona gra nie doda punktów do rankingu.',
  waitlisted: 'Gra jest pełna: zapisano Cię na listę rezerwową',
  full: 'Brak wolnych miejsc. Zwiększ liczbę szukanych graczy albo zwolnij miejsce.',
  waitlistClosed: 'Gra już się rozpoczęła: lista rezerwowa jest zamknięta.',
  waitlistMode: 'Wybierz, co się dzieje, gdy zwolni się miejsce',
  attendanceNotYet: 'Obecność sprawdzisz po zakończeniu gry.',
  attendanceClosed: 'Obecność można zmieniać tylko przez 48 godzin po zakończeniu gry.',
  attendanceSaved: 'Zapisano obecność',
  notInSeries: 'To wydarzenie nie należy do serii cotygodniowej.',
  regularNotAccepted: 'Stałym graczem może zostać tylko zaakceptowany uczestnik.',
  regularSaved: 'Gracz jest teraz stałym graczem serii',
  regularRemoved: 'Gracz nie jest już stałym graczem serii',
  seriesLeft: 'Nie jesteś już stałym graczem tej serii',
  seriesShiftTooFar: 'Termin serii można przesunąć najwyżej o 6 dni.',
  seriesScope: 'Wybierz: tylko to wydarzenie albo to i następne',
  seriesUpdated: 'Zaktualizowano to i następne wydarzenia serii',
  seriesCancelled: 'Odwołano to i następne wydarzenia serii',
} as const;

/** Editing or cancelling a game of a weekly series (ADR 92): only this one, or this and the following ones. */
export const SERIES_SCOPES = ['one', 'following'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
export const SERIES_SCOPE_LABELS: Record<SeriesScope, string> = { one: 'Tylko to wydarzenie', following: 'To i następne' };
/** How far ahead the job keeps a series filled. */
export const SERIES_WEEKS_AHEAD = 4;

/** A Warsaw calendar date (YYYY-MM-DD) plus whole days; calendar arithmetic, so daylight saving never shifts it. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another. */
export function daysBetween(from: string, to: string): number {
  const t = (x: string) => Date.UTC(+x.slice(0, 4), +x.slice(5, 7) - 1, +x.slice(8, 10));
  return Math.round((t(to) - t(from)) / 86_400_000);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Poland with a margin: a pin outside it is a mistake. */
export const POLAND_BOUNDS = { minLat: 48.9, maxLat: 55.0, minLon: 14.0, maxLon: 24.2 } as const;

export function formatAddress(a: { city: string; street: string; addressNumber: string; postalCode: string }): string {
  return `${a.street} ${a.addressNumber}, ${a.postalCode} ${a.city}`;
}

/** Games are planned at most this many years ahead (docs/adr/0041). */
export const GAME_MAX_YEARS_AHEAD = 1;

/** The latest allowed game date: the same calendar day a year after `today` (YYYY-MM-DD, Warsaw). */
export function latestGameDate(now: Date = new Date()): string {
  const [y, m, d] = utcToWarsaw(now).date.split('-').map(Number);
  // 29 February plus a year is 28 February: clamp, never roll over into March.
  const last = new Date(Date.UTC(y + GAME_MAX_YEARS_AHEAD, m, 0)).getUTCDate();
  return `${y + GAME_MAX_YEARS_AHEAD}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
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
    waitlistMode: DEFAULT_WAITLIST_MODE,
    latitude: null as number | null, longitude: null as number | null,
  };
}

/** Distance typed in find-event, clamped to 1–50 (empty means 1). */
export function clampDistance(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : parseFloat(String(value ?? ''));
  if (!Number.isFinite(n)) return EVENT_LIMITS.distanceMin;
  return Math.min(EVENT_LIMITS.distanceMax, Math.max(EVENT_LIMITS.distanceMin, n));
}

/**
 * Search's `total` is exact up to this many games (or to the end of the page asked for, if that
 * is further); beyond it the answer says `total: 100, totalIsLowerBound: true`, shown as "100+"
 * (ADR 80).
 */
export const SEARCH_TOTAL_BOUND = 100;

/** Znajdź Wydarzenie asks for this many games at a time, nearest first; 'Pokaż więcej' asks for the next (ADR 81). */
export const SEARCH_PAGE_SIZE = 25;

/** `total` as people read it: "100+" when it is only a lower bound. */
export function formatSearchTotal(total: number, totalIsLowerBound?: boolean): string {
  return totalIsLowerBound ? `${total}+` : String(total);
}

/** The map asks for at most this many games, nearest to its centre first. */
export const MAP_EVENTS_LIMIT = 1000;

/**
 * At this zoom and below the map gets the server's clusters (counts per grid cell) instead of
 * markers, unless the view holds only a few games (ADR 81). Cells are kept for zoom 6–10.
 */
export const MAP_CLUSTER_MAX_ZOOM = 10;
export const MAP_CELL_MIN_ZOOM = 6;
/** A low-zoom view holding at most this many games shows them as markers all the same. */
export const MAP_MARKERS_UP_TO = 300;

/** The grid of the server's clusters: a cell is this many degrees of longitude wide (64 px) and 0.6 of it high. */
export function mapCellWidth(zoom: number): number {
  return 90 / 2 ** zoom;
}

/** The zoom level whose cells answer a view at `zoom`. */
export function mapCellZoom(zoom: number): number {
  return Math.min(MAP_CLUSTER_MAX_ZOOM, Math.max(MAP_CELL_MIN_ZOOM, Math.floor(zoom)));
}

// Real-time `eventChanged`: its own module, so the first download (the socket) takes only that.
export { EVENT_CHANGES, parseEventChanged, type EventChange, type EventChangedPayload } from './realtime';

/**
 * The ranking rule (docs/adr/0077), written once: a game counts for the stats and points only when
 * it has started by the time it ends and had at least one accepted player besides the organiser.
 */
export function countsForRanking(game: { startAt: Date | string | number; acceptedPlayers: number }, endedAt: Date | number = Date.now()): boolean {
  return hasStarted(game.startAt, endedAt) && game.acceptedPlayers > 0;
}

export function hasStarted(startAt: Date | string | number, now: Date | number = Date.now()): boolean {
  return new Date(startAt).getTime() <= new Date(now).getTime();
}

/** Why the organiser cannot press Zakończ now, or null when they can (the server refuses the same). */
export function finishRefusal(startAt: Date | string | number, now: Date | number = Date.now()): string | null {
  return hasStarted(startAt, now) ? null : EVENT_MSG.finishBeforeStart;
}
