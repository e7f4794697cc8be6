import { eventInput, type EventDto } from '@contract/events';
import {
  DEFAULT_PAYMENT_METHOD, DEFAULT_WAITLIST_MODE, EVENT_LIMITS, EVENT_MSG, defaultEventValues, eventTimes, formatAddress, latestGameDate,
  type WaitlistMode,
} from '@contract/plain/events';
import { fieldErrors } from '@contract/validation';
import type { EventPayload } from '../eventsApi';
import { endHour } from '../eventFormat';

/** What the inputs hold: numbers stay text while the person types them. */
export interface EventFormState {
  eventName: string;
  gameType: string;
  startDate: string;
  startHour: string;
  duration: string;
  city: string;
  street: string;
  addressNumber: string;
  postalCode: string;
  region: string | null;
  fieldType: string;
  playerCount: string;
  level: string;
  price: string;
  paymentMethod: string;
  eventDescription: string;
  phoneNumber: string;
  isPrivate: boolean;
  isRecurring: boolean;
  /** What happens when a place frees in a full game (docs/adr/0090). */
  waitlistMode: WaitlistMode;
  /** The pin on the small map; without one the server uses the town's centre. */
  latitude: number | null;
  longitude: number | null;
}

/** Spec section 5 defaults: football, 90 min, Orlik, beginner, nobody sought, free, today, now. */
export function initialFormState(now: Date = new Date()): EventFormState {
  const d = defaultEventValues(now);
  return {
    eventName: d.eventName, gameType: d.gameType, startDate: d.startDate, startHour: d.startHour, duration: String(d.duration),
    city: '', street: '', addressNumber: '', postalCode: '', region: null, fieldType: d.fieldType,
    playerCount: String(d.playerCount), level: d.level, price: String(d.price),
    // Free by default, and price 0 clears the payment method.
    paymentMethod: d.price === 0 ? '' : d.paymentMethod,
    eventDescription: '', phoneNumber: '', isPrivate: false, isRecurring: false, waitlistMode: d.waitlistMode,
    latitude: null, longitude: null,
  };
}

export function formStateFromEvent(e: EventDto): EventFormState {
  const [longitude, latitude] = e.geolocation.coordinates;
  return {
    eventName: e.eventName, gameType: e.gameType, startDate: e.startDate, startHour: e.startHour, duration: String(e.duration),
    city: e.address.city, street: e.address.street, addressNumber: e.address.addressNumber, postalCode: e.address.postalCode,
    region: e.region, fieldType: e.fieldType, playerCount: String(e.playerCount), level: e.level, price: String(e.price),
    paymentMethod: e.paymentMethod ?? '', eventDescription: e.eventDescription, phoneNumber: e.phoneNumber ?? '',
    isPrivate: e.isPrivate, isRecurring: e.isRecurring, waitlistMode: e.waitlistMode ?? DEFAULT_WAITLIST_MODE, latitude, longitude,
  };
}

/** The result of typing into a guarded field: the new text, or why the change was refused. */
export type Guarded = { value: string } | { rejected: string };

/** Postal code input: digits and one dash only, at most 6 characters. */
export function filterPostalCode(text: string): string {
  let dashSeen = false;
  let out = '';
  for (const ch of text) {
    if (/\d/.test(ch)) out += ch;
    else if (ch === '-' && !dashSeen) {
      dashSeen = true;
      out += ch;
    }
  }
  return out.slice(0, EVENT_LIMITS.postalCodeMax);
}

export function guardCity(text: string): Guarded {
  return /\d/.test(text) ? { rejected: EVENT_MSG.cityDigits } : { value: text };
}

export function guardStreet(text: string): Guarded {
  return /\d/.test(text) ? { rejected: EVENT_MSG.streetDigits } : { value: text };
}

export function guardAddressNumber(text: string): Guarded {
  return /\D/.test(text) ? { rejected: EVENT_MSG.addressNumber } : { value: text.slice(0, EVENT_LIMITS.addressNumberMax) };
}

/** Price 0 clears the payment method; a price again brings the default ('Na miejscu') back. */
export function withPrice(state: EventFormState, price: string): EventFormState {
  const free = Number(price) === 0;
  return { ...state, price, paymentMethod: free ? '' : state.paymentMethod || DEFAULT_PAYMENT_METHOD };
}

/** 'HH:MM' the game ends: start + duration (spec section 5). */
export function formEndHour(state: EventFormState): string {
  const duration = Number(state.duration);
  return state.startHour && state.duration !== '' && Number.isFinite(duration) ? endHour(state.startHour, duration) : '';
}

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** The request body: the fields, plus the values the spec's client derives (the server recomputes them). */
export function toPayload(s: EventFormState): EventPayload {
  const address = { city: s.city.trim(), street: s.street.trim(), addressNumber: s.addressNumber.trim(), postalCode: s.postalCode.trim() };
  const duration = num(s.duration);
  const price = num(s.price);
  const times = s.startDate && s.startHour && Number.isFinite(duration) ? safeTimes(s.startDate, s.startHour, duration) : null;
  return {
    eventName: s.eventName.trim(), gameType: s.gameType, startDate: s.startDate, startHour: s.startHour, duration, address,
    region: s.region, fieldType: s.fieldType as EventPayload['fieldType'], playerCount: num(s.playerCount),
    level: s.level as EventPayload['level'], price, paymentMethod: price === 0 ? null : s.paymentMethod || DEFAULT_PAYMENT_METHOD,
    eventDescription: s.eventDescription.trim(), phoneNumber: s.phoneNumber.trim() || null, isPrivate: s.isPrivate,
    isRecurring: s.isRecurring, waitlistMode: s.waitlistMode, latitude: s.latitude, longitude: s.longitude,
    startDateTime: times?.startDateTime ?? '', endDateTime: times?.endDateTime ?? '', addressString: formatAddress(address),
  };
}

function safeTimes(date: string, hour: string, duration: number) {
  try {
    const t = eventTimes(date, hour, duration);
    return Number.isNaN(Date.parse(t.startDateTime)) ? null : t;
  } catch {
    return null;
  }
}

/**
 * The contract's rules (the server applies the same), keyed like the server's `errors`
 * ('address.postalCode'). A new game may not start in the past.
 */
export function validateForm(s: EventFormState, opts: { isNew: boolean; now?: number }): Record<string, string> {
  const payload = toPayload(s);
  const parsed = eventInput.safeParse(payload);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
  // "At most a year ahead" counted from the form's own clock (the contract counts from today).
  const latest = latestGameDate(new Date(opts.now ?? Date.now()));
  if (errors.startDate === EVENT_MSG.tooFarAhead) delete errors.startDate;
  if (!errors.startDate && s.startDate > latest) errors.startDate = EVENT_MSG.tooFarAhead;
  const start = Date.parse(payload.startDateTime);
  // The server allows 15 minutes of slack for the "now" default and slow typing; so do we.
  if (opts.isNew && !errors.startDate && !errors.startHour && start < (opts.now ?? Date.now()) - 15 * 60_000) {
    errors.startDate = EVENT_MSG.inPast;
  }
  return errors;
}
