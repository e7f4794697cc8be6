import { GAME_TYPE_LABELS, LEVEL_LABELS, type GameType, type Level } from '@contract/plain/events';
import { TIME_ZONE } from '@contract/time';
import type { EventRow } from '../repositories/events';

/**
 * iCalendar (RFC 5545) for games (ADR 89): one VEVENT per game, times in Europe/Warsaw with the
 * zone's VTIMEZONE, a UID that stays the same for a game (so a feed's updates replace, never duplicate),
 * text escaped and lines folded at 75 octets.
 */

/** Poland's rules since 1996 (EU summer time): CEST from the last Sunday of March, CET from the last of October. */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19960331T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export type CalendarGame = Pick<
  EventRow,
  | 'id' | 'eventName' | 'gameType' | 'startAt' | 'endAt' | 'city' | 'street' | 'addressNumber' | 'postalCode' | 'level' | 'price'
  | 'description' | 'status' | 'updatedAt' | 'createdAt' | 'latitude' | 'longitude'
>;

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and newlines escaped; other controls dropped. */
export function escapeText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

/** Content lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 20261123T104500Z */
function utcStamp(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

const warsawParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** The wall-clock time in Warsaw, as a DATE-TIME with TZID: 20261123T184500 */
function warsawStamp(d: Date): string {
  const p = Object.fromEntries(warsawParts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}

export const gameTypeLabel = (type: string) => GAME_TYPE_LABELS[type as GameType] ?? type;

export function gameAddress(g: Pick<CalendarGame, 'street' | 'addressNumber' | 'postalCode' | 'city'>): string {
  return `${g.street} ${g.addressNumber}, ${g.postalCode} ${g.city}`;
}

function vevent(g: CalendarGame, o: { publicUrl: string; now: Date }): string[] {
  const link = `${o.publicUrl}/dashboard/event/${g.id}`;
  const details = [`${gameTypeLabel(g.gameType)}, poziom: ${LEVEL_LABELS[g.level as Level] ?? g.level}`, g.price > 0 ? `Cena: ${g.price.toFixed(2).replace('.', ',')} zł` : 'Bezpłatne'];
  if (g.description.trim()) details.push('', g.description.trim());
  details.push('', `Szczegóły gry: ${link}`);
  return [
    'BEGIN:VEVENT',
    `UID:${g.id}@${new URL(o.publicUrl).host}`,
    `DTSTAMP:${utcStamp(o.now)}`,
    `CREATED:${utcStamp(g.createdAt)}`,
    `LAST-MODIFIED:${utcStamp(g.updatedAt)}`,
    // Every change of the game bumps it, so calendar apps take the newer copy.
    `SEQUENCE:${Math.max(0, Math.floor((g.updatedAt.getTime() - g.createdAt.getTime()) / 1000))}`,
    `DTSTART;TZID=${TIME_ZONE}:${warsawStamp(g.startAt)}`,
    `DTEND;TZID=${TIME_ZONE}:${warsawStamp(g.endAt)}`,
    `SUMMARY:${escapeText(g.eventName)}`,
    `LOCATION:${escapeText(gameAddress(g))}`,
    `GEO:${g.latitude.toFixed(6)};${g.longitude.toFixed(6)}`,
    `DESCRIPTION:${escapeText(details.join('\n'))}`,
    `URL:${link}`,
    `STATUS:${g.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR: a single game's download or a person's feed. */
export function buildCalendar(games: CalendarGame[], o: { publicUrl: string; name: string; now?: Date }): string {
  const now = o.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Graj Razem//Kalendarz gier//PL',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(o.name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    // Feeds: ask calendar apps to look again every hour.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...VTIMEZONE,
    ...games.flatMap((g) => vevent(g, { publicUrl: o.publicUrl, now })),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name for the download: the game's name in plain ASCII letters. */
export function icsFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'gra'}.ics`;
}
