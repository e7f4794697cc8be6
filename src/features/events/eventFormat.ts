import {
  FIELD_TYPE_LABELS, FIELD_TYPES, GAME_TYPE_LABELS, GAME_TYPES, LEVEL_LABELS, LEVELS, PAYMENT_METHODS, normalizeGameType,
  type FieldType, type GameType, type Level,
} from '@contract/plain/events';

// Made on first use, as contract/time.ts's: the dashboard loads this module before it shows any game.
let money: Intl.NumberFormat | undefined;
let longDate: Intl.DateTimeFormat | undefined;

/** Select options, in the contract's order (the same in the form and in find-event). */
export const GAME_TYPE_OPTIONS = GAME_TYPES.map((value) => ({ value, label: GAME_TYPE_LABELS[value] }));
export const FIELD_TYPE_OPTIONS = FIELD_TYPES.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }));
export const LEVEL_OPTIONS = LEVELS.map((value) => ({ value, label: LEVEL_LABELS[value] }));
export const PAYMENT_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: value }));

export function gameTypeLabel(type: string): string {
  return GAME_TYPE_LABELS[normalizeGameType(type) as GameType] ?? type;
}

export function fieldTypeLabel(type: string): string {
  return FIELD_TYPE_LABELS[type as FieldType] ?? type;
}

export function levelLabel(level: string): string {
  return LEVEL_LABELS[level as Level] ?? level;
}

/** 'X zł' (spec: map popup and cards). */
export function formatPrice(price: number): string {
  return `${(money ??= new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2 })).format(price)} zł`;
}

export function formatDuration(minutes: number): string {
  return `${minutes} min`;
}

export function playersSought(count: number): string {
  return `Szuka: ${count}`;
}

/** A Warsaw calendar date (YYYY-MM-DD) as 'pt., 14 czerwca 2030'. */
export function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return (longDate ??= new Intl.DateTimeFormat('pl-PL', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** 'HH:MM' after a start hour plus minutes, wrapping past midnight (end = start + duration). */
export function endHour(startHour: string, duration: number): string {
  const [h, m] = startHour.split(':').map(Number);
  if (!Number.isFinite(h) || !Number.isFinite(m) || !Number.isFinite(duration)) return '';
  const total = (((h * 60 + m + Math.round(duration)) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function initials(person: { nickName: string; name?: string; surname?: string }): string {
  const fromNames = `${person.name?.[0] ?? ''}${person.surname?.[0] ?? ''}`;
  return (fromNames || person.nickName.slice(0, 2)).toUpperCase();
}

/** Polish plural forms: 1 wydarzenie, 2–4 wydarzenia, 5+ wydarzeń (but 12–14 wydarzeń). */
export function pluralPl(n: number, one: string, few: string, many: string): string {
  if (n === 1) return one;
  const tens = n % 100;
  const units = n % 10;
  return units >= 2 && units <= 4 && (tens < 12 || tens > 14) ? few : many;
}

export function eventsCount(n: number): string {
  return `${n} ${pluralPl(n, 'wydarzenie', 'wydarzenia', 'wydarzeń')}`;
}
