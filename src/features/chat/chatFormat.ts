import type { ChatRoom } from '@contract/chat';
import { GAME_TYPE_LABELS, type GameType } from '@contract/plain/events';

/** What a room is called in the list and the header: the game, or the other person. */
export function roomTitle(room: ChatRoom): string {
  if (room.roomType === 'group') return room.eventName ?? 'Czat wydarzenia';
  return room.otherUser?.nickName ?? 'Czat prywatny';
}

export function roomSubtitle(room: ChatRoom): string {
  if (room.roomType === 'private') return 'Czat prywatny';
  const game = room.gameType ? (GAME_TYPE_LABELS[room.gameType as GameType] ?? room.gameType) : null;
  const people = `${room.participants.length} ${room.participants.length === 1 ? 'osoba' : plural(room.participants.length)}`;
  return [game, people].filter(Boolean).join(' · ');
}

function plural(n: number): string {
  const last = n % 10;
  const lastTwo = n % 100;
  return last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14) ? 'osoby' : 'osób';
}

export function roomAvatar(room: ChatRoom): string | null {
  return room.roomType === 'group' ? room.eventOwnerAvatarUrl : (room.otherUser?.avatarUrl ?? null);
}

/** Does the room match the search box: its name, or anybody in it. */
export function roomMatches(room: ChatRoom, search: string): boolean {
  const q = search.trim().toLocaleLowerCase('pl');
  if (!q) return true;
  return [roomTitle(room), ...room.participants.map((p) => p.nickName)].some((s) => s.toLocaleLowerCase('pl').includes(q));
}

const time = new Intl.DateTimeFormat('pl-PL', { hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric' });
const shortDay = new Intl.DateTimeFormat('pl-PL', { day: '2-digit', month: '2-digit' });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function messageTime(iso: string): string {
  return time.format(new Date(iso));
}

/** The room list's time: the hour today, the date before. */
export function listTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  return sameDay(d, now) ? time.format(d) : shortDay.format(d);
}

/** Label of the separator above a day's messages. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (sameDay(d, now)) return 'Dzisiaj';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(d, yesterday)) return 'Wczoraj';
  return day.format(d);
}

export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

export function muteStatus(muteExpiresAt: string | null): string {
  return muteExpiresAt === null
    ? 'Wyciszony na stałe'
    : `Wyciszony do ${new Intl.DateTimeFormat('pl-PL', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(muteExpiresAt))}`;
}
