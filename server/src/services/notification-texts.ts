import type { StatusUpdatePayload } from '@contract/events';
import { GAME_TYPE_LABELS, type GameType } from '@contract/plain/events';
import { utcToWarsaw } from '@contract/time';
import type { NotificationDraft } from '../repositories/notification-records';

/** The Polish texts of stored notifications (docs/adr/0085), one builder per kind. */

export const eventLink = (eventId: string) => `/dashboard/event/${eventId}`;
export const manageLink = (eventId: string) => `/dashboard/event/edit/${eventId}`;

interface GameFacts {
  id: string;
  eventName: string;
  startAt: Date;
  city: string;
  street: string;
  addressNumber: string;
}

/** "dziś o 18:30", "jutro o 18:30" or "24.11.2026 o 18:30" (Warsaw time, relative to `now`). */
export function whenText(startAt: Date, now: Date): string {
  const start = utcToWarsaw(startAt);
  const today = utcToWarsaw(now).date;
  const tomorrow = utcToWarsaw(now.getTime() + 24 * 3600_000).date;
  const [y, m, d] = start.date.split('-');
  const day = start.date === today ? 'dziś' : start.date === tomorrow ? 'jutro' : `${d}.${m}.${y}`;
  return `${day} o ${start.hour}`;
}

const placeOf = (g: GameFacts) => `${g.street} ${g.addressNumber}, ${g.city}`;

export function reminderDraft(userId: string, g: GameFacts, offset: '24h' | '2h', now: Date): NotificationDraft {
  return {
    userId,
    kind: 'reminder',
    eventId: g.id,
    title: offset === '2h' ? `Niedługo gra: ${g.eventName}` : `Przypomnienie: ${g.eventName}`,
    body: `Gra „${g.eventName}” zaczyna się ${whenText(g.startAt, now)} — ${placeOf(g)}.`,
    link: eventLink(g.id),
  };
}

export function nearbyDraftText(g: GameFacts & { gameType: string }, now: Date): Omit<NotificationDraft, 'userId'> {
  const type = GAME_TYPE_LABELS[g.gameType as GameType] ?? g.gameType;
  return {
    kind: 'nearbyGame',
    eventId: g.id,
    title: 'Nowa gra w Twojej okolicy',
    body: `${type}: „${g.eventName}”, ${whenText(g.startAt, now)} — ${placeOf(g)}.`,
    link: eventLink(g.id),
  };
}

export function changedDraft(userId: string, g: GameFacts, moved: boolean, now: Date): NotificationDraft {
  return {
    userId,
    kind: 'eventChanged',
    eventId: g.id,
    title: moved ? `Nowy termin: ${g.eventName}` : `Zmiany w grze: ${g.eventName}`,
    body: moved
      ? `Organizator przeniósł grę „${g.eventName}” na ${whenText(g.startAt, now)} — ${placeOf(g)}.`
      : `Organizator zmienił szczegóły gry „${g.eventName}”. Sprawdź, co się zmieniło.`,
    link: eventLink(g.id),
  };
}

/**
 * A status update worth telling (unread): the player's own record changing, the game being
 * cancelled, or the organiser's news (docs/adr/0076). `playerNick` names the player for the organiser.
 */
export function statusDraft(to: string, p: StatusUpdatePayload, playerNick: string | null): NotificationDraft | null {
  const game = `„${p.eventName}”`;
  const base = { userId: to, eventId: p.eventId, link: eventLink(p.eventId) };
  if (p.forOrganiser) {
    const who = playerNick ?? 'Gracz';
    if (p.status === 'interested') {
      return { ...base, kind: 'joinRequest', title: 'Nowe zgłoszenie do gry', body: `${who} chce dołączyć do gry ${game}.`, link: manageLink(p.eventId) };
    }
    return { ...base, kind: 'playerLeft', title: 'Gracz zrezygnował', body: `${who} zrezygnował z gry ${game}.`, link: manageLink(p.eventId) };
  }
  if (p.eventStatus === 'cancelled') {
    return { ...base, kind: 'eventCancelled', title: 'Gra odwołana', body: `Organizator odwołał grę ${game}.` };
  }
  switch (p.status) {
    case 'accepted':
      // By the organiser, or straight from the waitlist in the 'automatycznie' mode (docs/adr/0090).
      return { ...base, kind: 'statusChange', title: 'Zgłoszenie zaakceptowane', body: `Masz miejsce w grze ${game}. Do zobaczenia na boisku!` };
    case 'waitlisted':
      return { ...base, kind: 'statusChange', title: 'Lista rezerwowa', body: `Gra ${game} jest pełna: jesteś na liście rezerwowej. Damy znać, gdy zwolni się miejsce.` };
    case 'rejected':
      return { ...base, kind: 'statusChange', title: 'Zgłoszenie odrzucone', body: `Organizator odrzucił Twoje zgłoszenie do gry ${game}.` };
    case 'finished':
      return { ...base, kind: 'statusChange', title: 'Gra zakończona', body: `Gra ${game} dobiegła końca. Dzięki za grę!` };
    default:
      return null;
  }
}

export function chatDraft(userId: string, roomId: string, senderNick: string, text: string, eventName: string | null): NotificationDraft {
  const short = text.length > 140 ? `${text.slice(0, 139)}…` : text;
  return {
    userId,
    kind: 'chatMessage',
    eventId: null,
    roomId,
    title: eventName ? `Nowa wiadomość: ${eventName}` : `Nowa wiadomość od ${senderNick}`,
    body: eventName ? `${senderNick}: ${short}` : short,
    link: '/dashboard/chat',
  };
}
