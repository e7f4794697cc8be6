/** Games happen in Poland: dates and hours typed in the form are Europe/Warsaw wall-clock time. */
export const TIME_ZONE = 'Europe/Warsaw';

// Made on first use: a time zone's first formatter costs tens of milliseconds (the time zone data
// loads), which a page that shows no date should not pay while it starts.
let formatter: Intl.DateTimeFormat | undefined;
const warsawFormatter = () =>
  (formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

function wallClock(t: number): { date: string; hour: string; asUtc: number } {
  const p = Object.fromEntries(warsawFormatter().formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return { date: `${p.year}-${p.month}-${p.day}`, hour: `${p.hour}:${p.minute}`, asUtc };
}

/** The instant of a Warsaw date (YYYY-MM-DD) and hour (HH:MM). */
export function warsawToUtc(date: string, hour: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = hour.split(':').map(Number);
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  let t = naive - (wallClock(naive).asUtc - naive);
  const second = naive - (wallClock(t).asUtc - t);
  if (second !== t) t = second;
  return new Date(t);
}

/** Warsaw date and hour of an instant. */
export function utcToWarsaw(instant: Date | number): { date: string; hour: string } {
  const { date, hour } = wallClock(typeof instant === 'number' ? instant : instant.getTime());
  return { date, hour };
}

/**
 * Full years of a person born on `birthDate` (YYYY-MM-DD) on the Warsaw date of `now`: what other
 * players see instead of the date itself (docs/adr/0078). Null for a missing or malformed date.
 */
export function ageInYears(birthDate: string | null | undefined, now: Date | number = Date.now()): number | null {
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  if (!born) return null;
  const [y, m, d] = utcToWarsaw(now).date.split('-').map(Number);
  const [by, bm, bd] = born.slice(1).map(Number);
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}
